//! The learned evaluation through the real binary: `rankup datagen` writes positions,
//! `rankup train` fits a network to them, `rankup uci --net` plays with it; files that are
//! not a network for the game are refused with one line saying why.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::Stdio;

use rankup::rules::Position;
use rankup::variants::{variant, VariantId};

mod common;

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("rankup-nnue-{name}-{}", std::process::id()))
}

/// Runs `rankup uci` with `args`, sends `commands` (and, when they end with a `go`, waits
/// for its `bestmove` before `quit`), returns whether it succeeded, stdout and stderr.
fn uci(args: &[&str], commands: &str) -> (bool, String, String) {
    let mut child = common::rankup()
        .arg("uci")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // The program may already have ended (a refused option): a closed pipe is fine.
    let _ = stdin.write_all(commands.as_bytes());
    let mut seen = String::new();
    if commands.contains("go ") {
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        while out.read_line(&mut line).unwrap_or(0) > 0 {
            seen += &line;
            let done = line.starts_with("bestmove");
            line.clear();
            if done {
                break;
            }
        }
        let _ = stdin.write_all(b"quit\n");
        let mut rest = String::new();
        let _ = out.read_to_string(&mut rest);
        seen += &rest;
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        seen + &String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn positions_train_a_network_the_engine_plays_with() {
    let data = temp("data.txt");
    let net = temp("net.nnue");
    let _ = std::fs::remove_file(&data);
    let stderr = datagen("chess", "2", &data);
    assert!(stderr.contains("datagen: 2 games,"), "{stderr}");
    let text = std::fs::read_to_string(&data).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() > 20, "{} positions", lines.len());
    // Every line is a position of the game, a score and a result shared by its game.
    for line in &lines {
        let fields: Vec<&str> = line.split(" | ").collect();
        assert_eq!(fields.len(), 3, "{line}");
        Position::from_fen(variant(VariantId::Chess), fields[0]).unwrap();
        fields[1].parse::<i32>().unwrap();
        assert!(["1", "0.5", "0"].contains(&fields[2]), "{line}");
    }

    // A line that is not a position is skipped and said, not fatal.
    std::fs::OpenOptions::new()
        .append(true)
        .open(&data)
        .unwrap()
        .write_all(b"not a position | 3 | 1\n")
        .unwrap();
    let run = common::rankup()
        .args([
            "train", "chess", "--hidden", "16", "--epochs", "2", "--batch", "64",
        ])
        .arg("--data")
        .arg(&data)
        .arg("--out")
        .arg(&net)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{stderr}");
    assert!(stderr.contains("1 skipped; the first:"), "{stderr}");
    assert!(
        stderr.contains(&format!(":{}: bad position", lines.len() + 1)),
        "{stderr}"
    );
    assert!(stderr.contains("train: epoch 2: loss "), "{stderr}");

    let spec = format!("chess={}", net.display());
    let (ok, out, err) = uci(
        &["--net", &spec],
        "uci\nisready\nposition startpos moves e2e4\ngo depth 6\n",
    );
    assert!(ok, "{err}");
    assert!(out.contains("info depth 6 "), "{out}");
    assert!(out.contains("bestmove "), "{out}");
    // A network for chess does not evaluate another game.
    let wrong = format!("promochess={}", net.display());
    let (ok, _, err) = uci(&["--net", &wrong], "quit\n");
    assert!(!ok);
    assert!(
        err.contains("the network is for 'chess', not 'promochess'"),
        "{err}"
    );

    // The next generation's positions: self-play searched with the network, so the same
    // seed's first game is scored by it, not by the hand-made evaluation.
    let first_game = |net_spec: Option<&str>| {
        let out = temp(&format!("gen-{}.txt", net_spec.is_some()));
        let _ = std::fs::remove_file(&out);
        let mut cmd = common::rankup();
        cmd.args([
            "datagen", "chess", "--games", "1", "--nodes", "300", "--seed", "5",
        ])
        .arg("--out")
        .arg(&out);
        if let Some(spec) = net_spec {
            cmd.args(["--net", spec]);
        }
        let run = cmd.output().unwrap();
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        let text = std::fs::read_to_string(&out).unwrap();
        std::fs::remove_file(&out).unwrap();
        text
    };
    let by_default = first_game(None);
    assert!(
        text.starts_with(&by_default),
        "the same seed plays the same game"
    );
    let by_net = first_game(Some(&spec));
    assert!(!by_net.is_empty());
    assert_ne!(by_net, by_default);
    // `chess=none` is the hand-made evaluation: the built-in network's game is another.
    let by_hand = first_game(Some("chess=none"));
    assert!(!by_hand.is_empty());
    assert_ne!(by_hand, by_net);
    if cfg!(feature = "nets") {
        assert_ne!(by_hand, by_default, "chess plays its built-in network");
    } else {
        assert_eq!(
            by_hand, by_default,
            "a build without networks plays by hand"
        );
    }
    let run = common::rankup()
        .args(["datagen", "promochess", "--games", "1", "--net", &wrong])
        .arg("--out")
        .arg(temp("never.txt"))
        .output()
        .unwrap();
    assert!(!run.status.success());
    assert!(!temp("never.txt").exists());
    std::fs::remove_file(&data).unwrap();
    std::fs::remove_file(&net).unwrap();
}

/// `rankup datagen` the way the tests run it: `games` games of seed 5 into `out`, with
/// `extra` arguments.
fn datagen_with(game: &str, games: &str, extra: &[&str], out: &std::path::Path) -> String {
    let run = common::rankup()
        .args([
            "datagen", game, "--games", games, "--nodes", "300", "--seed", "5",
        ])
        .args(extra)
        .arg("--out")
        .arg(out)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr).into_owned();
    assert!(run.status.success(), "{stderr}");
    stderr
}

/// [`datagen_with`] with no other arguments.
fn datagen(game: &str, games: &str, out: &std::path::Path) -> String {
    datagen_with(game, games, &[], out)
}

/// `rankup train chess` on `data` (files or directories) for one short epoch: whether it
/// succeeded and its stderr.
fn train(data: &[&std::path::Path]) -> (bool, String) {
    let mut cmd = common::rankup();
    cmd.args([
        "train", "chess", "--hidden", "16", "--epochs", "1", "--batch", "64",
    ]);
    for d in data {
        cmd.arg("--data").arg(d);
    }
    let run = cmd
        .arg("--out")
        .arg(temp("games-net.nnue"))
        .output()
        .unwrap();
    let _ = std::fs::remove_file(temp("games-net.nnue"));
    (
        run.status.success(),
        String::from_utf8_lossy(&run.stderr).into_owned(),
    )
}

/// The positions of `rankup datagen promochess` (two games of seed 5, two random plies,
/// as lines) kept by `--keep KEEP`.
fn promochess_positions(keep: &str) -> Vec<Position> {
    let out = temp(&format!("keep-{keep}.txt"));
    let _ = std::fs::remove_file(&out);
    datagen_with("promochess", "2", &["--plies", "2", "--keep", keep], &out);
    let text = std::fs::read_to_string(&out).unwrap();
    std::fs::remove_file(&out).unwrap();
    text.lines()
        .map(|line| {
            let fen = line.split(" | ").next().unwrap();
            Position::from_fen(variant(VariantId::Promochess), fen).unwrap()
        })
        .collect()
}

#[test]
fn keeping_by_the_best_move_keeps_more_of_a_game_full_of_promotions() {
    // In PromoChess a promotion is nearly always on offer, so "no winning capture or
    // promotion" throws most positions away; "the best move is quiet" keeps those where
    // the search did not take it. Neither keeps a position in check.
    let exchange = promochess_positions("exchange");
    let best = promochess_positions("best-move");
    assert!(!exchange.is_empty());
    assert!(
        best.len() > exchange.len(),
        "best-move kept {}, exchange {}",
        best.len(),
        exchange.len()
    );
    assert!(exchange.iter().chain(&best).all(|p| !p.is_check()));

    // An unknown choice is refused by name.
    let stderr = common::refused(&["datagen", "chess", "--keep", "all", "--out", "x.games"]);
    assert!(
        stderr.contains("invalid value 'all' for '--keep"),
        "{stderr}"
    );
}

#[test]
fn games_files_hold_the_same_positions_as_lines_in_a_fraction_of_the_space() {
    let dir = temp("games-dir");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let lines_file = dir.join("chess.txt");
    let games_file = dir.join("a.games");
    datagen("chess", "3", &lines_file);
    datagen("chess", "3", &games_file);

    // The same seed's games, read back position by position, are the lines' positions.
    let v = variant(VariantId::Chess);
    let mut reader =
        rankup::ai::nnue::games::GamesReader::new(std::fs::File::open(&games_file).unwrap(), v)
            .unwrap();
    let mut from_games = String::new();
    while let Some(game) = reader.next_game().unwrap() {
        for (pos, score) in &game.positions {
            from_games += &format!("{} | {score} | {}\n", pos.fen(), game.white_points);
        }
    }
    assert_eq!(reader.games(), 3);
    let text = std::fs::read_to_string(&lines_file).unwrap();
    assert_eq!(from_games, text);
    assert!(text.lines().count() > 20, "{text}");
    let (lines_len, games_len) = (
        std::fs::metadata(&lines_file).unwrap().len(),
        std::fs::metadata(&games_file).unwrap().len(),
    );
    assert!(
        games_len * 10 < lines_len,
        "{games_len} bytes against {lines_len}"
    );

    // Appending runs to a games file adds games after the first run's header.
    datagen("chess", "1", &games_file);
    let (ok, err) = train(&[&games_file]);
    assert!(ok, "{err}");
    assert!(err.contains("a.games: 4 games, "), "{err}");

    // A directory is its *.games files; other files in it are left alone.
    let second = dir.join("b.games");
    datagen("chess", "2", &second);
    #[cfg(unix)]
    std::os::unix::fs::symlink(&dir, dir.join("loop.games")).unwrap();
    let (ok, err) = train(&[&dir]);
    assert!(ok, "{err}");
    assert!(err.contains("2 files ("), "{err}");
    assert!(err.contains("a.games: 4 games"), "{err}");
    assert!(err.contains("b.games: 2 games"), "{err}");

    // A damaged file keeps the games before the damage and says where it stopped.
    let mut bytes = std::fs::read(&second).unwrap();
    let cut = bytes.len() - 8;
    bytes.truncate(cut);
    std::fs::write(&second, &bytes).unwrap();
    let (ok, err) = train(&[&second]);
    assert!(ok, "{err}");
    assert!(err.contains("1 skipped; the first:"), "{err}");
    assert!(err.contains("the games after it are not read"), "{err}");

    // Another game's games, and a directory without games, are refused in one line.
    let promo = dir.join("promo.games");
    datagen("promochess", "1", &promo);
    let (ok, err) = train(&[&promo]);
    assert!(!ok);
    assert!(err.contains("its games are of 'promochess'"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    std::fs::remove_file(&promo).unwrap();
    let empty = dir.join("empty");
    std::fs::create_dir(&empty).unwrap();
    let (ok, err) = train(&[&empty]);
    assert!(!ok);
    assert!(err.contains("no *.games files in it"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn what_is_not_a_network_is_refused_in_one_line() {
    let junk = temp("junk.nnue");
    std::fs::write(&junk, b"RKNN\x02\x00\x00\x00garbage").unwrap();
    let spec = format!("chess={}", junk.display());
    let (ok, _, err) = uci(&["--net", &spec], "quit\n");
    assert!(!ok);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("not a rankup network file"), "{err}");
    // A file of an older format (before output buckets) says so.
    std::fs::write(&junk, b"RKNN\x01\x00\x00\x00garbage").unwrap();
    let (ok, _, err) = uci(&["--net", &spec], "quit\n");
    assert!(!ok);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(
        err.contains("version 1 is not one this program reads"),
        "{err}"
    );
    std::fs::remove_file(&junk).unwrap();
    let (ok, _, err) = uci(&["--net", "chess=/nonexistent/net.nnue"], "quit\n");
    assert!(!ok);
    assert!(err.contains("--net: /nonexistent/net.nnue: "), "{err}");
    let (ok, _, err) = uci(&["--net", "chess"], "quit\n");
    assert!(!ok);
    assert!(err.contains("expected GAME=FILE"), "{err}");
    // `none`: the hand-made evaluation, for a match against a network.
    let (ok, out, err) = uci(&["--net", "chess=none"], "uci\ngo depth 3\n");
    assert!(ok, "{err}");
    assert!(out.contains("bestmove "), "{out}");

    // A FIFO is neither read nor written (nothing would ever come or go): one line each.
    let fifo = temp("fifo");
    let _ = std::fs::remove_file(&fifo);
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let spec = format!("chess={}", fifo.display());
    let (ok, _, err) = uci(&["--net", &spec], "quit\n");
    assert!(!ok);
    assert!(err.contains("not a regular file: a FIFO"), "{err}");
    for args in [
        &["datagen", "chess", "--games", "1", "--out"][..],
        &["train", "chess", "--out", "/dev/null", "--data"],
    ] {
        let run = common::rankup().args(args).arg(&fifo).output().unwrap();
        let err = String::from_utf8_lossy(&run.stderr);
        assert!(!run.status.success());
        assert!(
            err.contains("not a regular file: a FIFO"),
            "{args:?}: {err}"
        );
    }
    std::fs::remove_file(&fifo).unwrap();
}

/// What `data/nnue/` keeps reads as what it is: the network is chess's, and the first games
/// of each games file (all of them would take a minute once there are millions of
/// positions; git keeps the bytes whole, so what can break them is a change of format or
/// of the rules) replay through the rules of the game its folder names to their ends.
#[test]
fn the_kept_network_and_positions_read_whole() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/nnue");
    let bytes = std::fs::read(root.join("chess.nnue")).unwrap();
    let net = rankup::ai::nnue::Network::from_bytes(&bytes, variant(VariantId::Chess)).unwrap();
    assert_eq!((net.game(), net.hidden()), ("chess", 384));
    let mut folders: Vec<_> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    folders.sort();
    assert!(folders.iter().any(|f| f.ends_with("chess")), "{folders:?}");
    for folder in folders {
        let name = folder.file_name().unwrap().to_str().unwrap();
        let id: VariantId = name.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
        let v = variant(id);
        let mut files: Vec<_> = std::fs::read_dir(&folder)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        assert!(!files.is_empty(), "{}", folder.display());
        for file in files {
            assert_eq!(file.extension().unwrap(), "games", "{}", file.display());
            let mut reader =
                rankup::ai::nnue::games::GamesReader::new(std::fs::File::open(&file).unwrap(), v)
                    .unwrap();
            let mut positions = 0;
            while reader.games() < 200 {
                let Some(game) = reader.next_game().unwrap() else {
                    break;
                };
                positions += game.positions.len();
            }
            assert!(reader.games() > 0 && positions > 0, "{}", file.display());
        }
    }
}
