//! `rankup serve` with the real OpenSSH client in real terminals (tmux): two players meet in
//! the lobby, play by typed moves and both see them, one drops and comes back into the same
//! game, a third watches; commands, forwarding, SFTP, passwords and garbage are refused
//! while the server goes on serving.
//!
//! Needs tmux, ssh and ssh-keygen; without them the tests report themselves skipped unless
//! `RANKUP_REQUIRE_TMUX` / `RANKUP_REQUIRE_SSH` are set (CI installs them).

mod tmux;

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tmux::{bin, data_dir, Tmux};

/// A running `rankup serve` on a loopback port, with its log.
struct Server {
    child: Child,
    port: u16,
    log: Arc<Mutex<String>>,
}

impl Server {
    fn start(data: &Path) -> Server {
        Server::start_with(data, &[])
    }

    /// With more flags (limits).
    fn start_with(data: &Path, flags: &[&str]) -> Server {
        let mut child = Command::new(bin())
            .args(["serve", "--listen", "127.0.0.1:0", "--data"])
            .arg(data)
            .args(flags)
            .env("RANKUP_CONFIG_DIR", tmux::config_dir_of(data))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the server starts");
        let stderr = child.stderr.take().unwrap();
        let log = Arc::new(Mutex::new(String::new()));
        let (tx, rx) = std::sync::mpsc::channel();
        {
            let log = Arc::clone(&log);
            std::thread::spawn(move || {
                for line in BufReader::new(stderr).lines() {
                    let Ok(line) = line else { break };
                    if let Some(rest) = line.split("listening on 127.0.0.1:").nth(1) {
                        let port: u16 = rest.split(';').next().unwrap().parse().unwrap();
                        let _ = tx.send(port);
                    }
                    log.lock().unwrap().push_str(&(line + "\n"));
                }
            });
        }
        let port = rx
            .recv_timeout(Duration::from_secs(20))
            .expect("the server says where it listens");
        Server { child, port, log }
    }

    fn log(&self) -> String {
        self.log.lock().unwrap().clone()
    }

    fn wait_log(&self, text: &str) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while !self.log().contains(text) {
            assert!(
                Instant::now() < deadline,
                "no {text:?} in the log:\n{}",
                self.log()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn have_ssh() -> bool {
    let ok = Command::new("ssh").arg("-V").output().is_ok()
        && Command::new("ssh-keygen").arg("-?").output().is_ok();
    if !ok {
        assert!(
            std::env::var_os("RANKUP_REQUIRE_SSH").is_none(),
            "ssh is required here but not installed"
        );
        eprintln!("skipped: ssh is not installed");
    }
    ok
}

/// A new ed25519 key in `dir`.
fn key(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    let ok = Command::new("ssh-keygen")
        .args(["-q", "-t", "ed25519", "-N", "", "-f"])
        .arg(&path)
        .status()
        .unwrap();
    assert!(ok.success());
    path
}

const SSH_OPTIONS: &str =
    "-o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR";

/// A player's terminal: `ssh -tt` into the server, in tmux, in a UTF-8 locale (OpenSSH sends
/// `LANG` and `LC_*`, and the server draws ASCII for a locale that is not UTF-8).
fn connect(name: &str, key: &Path, port: u16, data: &Path) -> Tmux {
    // A tmux server of its own per connection: tests run at once in one process and use
    // the same player names.
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tmux = Tmux::new(&format!("ssh-{name}-{n}")).expect("tmux");
    tmux.start(
        data,
        &format!(
            "env LC_ALL= LC_CTYPE= LANG=C.UTF-8 \
             ssh -p {port} -tt -i '{}' {SSH_OPTIONS} {name}@127.0.0.1; sleep 60",
            key.display()
        ),
    );
    tmux
}

/// `ssh` with `args`, never asking anything (BatchMode), unless the args say otherwise
/// first (the first value of an option wins).
fn ssh(args: &str, key: &Path, port: u16) -> (i32, String) {
    let out = Command::new("sh")
        .arg("-c")
        .arg(
            format!(
                "ssh -p {port} -i '{}' {SSH_OPTIONS} {args} 2>&1 </dev/null",
                key.display()
            )
            .replacen(
                "ssh -p",
                "ssh -o BatchMode=yes -p",
                usize::from(!args.contains("BatchMode")),
            ),
        )
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn two_players_meet_play_drop_and_come_back_while_a_third_watches() {
    if !have_ssh() || Tmux::new("probe").is_none() {
        return;
    }
    let data = data_dir("serve");
    let keys = data_dir("serve-keys");
    let server = Server::start(&data);
    let port = server.port;
    let (ann_key, bob_key, cat_key) = (key(&keys, "ann"), key(&keys, "bob"), key(&keys, "cat"));

    let ann = connect("ann", &ann_key, port, &data);
    ann.wait_for("Choose the name");
    ann.keys(&["Ann", "Enter"]);
    ann.wait_for("you are Ann");
    let bob = connect("bob", &bob_key, port, &data);
    bob.wait_for("Choose the name");
    // A name already taken is refused, with why.
    bob.keys(&["ann", "Enter"]);
    bob.wait_for("ann is taken");
    for _ in 0..3 {
        bob.keys(&["BSpace"]);
    }
    bob.keys(&["Bob", "Enter"]);
    bob.wait_for("you are Bob");
    ann.wait_for("Bob               free");

    // Ann challenges Bob to PromoChess, 5+3, Ann White.
    // The lobby opens on the first list with rows: the players (Ann, Bob).
    ann.keys(&["Down", "c"]);
    ann.wait_for("Challenge Bob");
    // PromoChess is second from the end of the list; white is two steps left of random.
    ann.keys(&["Left", "Left"]);
    ann.keys(&["Tab", "Left", "Left"]);
    ann.wait_for("game   PromoChess");
    ann.wait_for("you    white");
    ann.keys(&["Enter"]);
    bob.wait_for("→ you: PromoChess, 5+3");
    // The challenger's key is shown short beside the name.
    bob.wait_for(&format!(
        "Ann 1500? · {} → you",
        short_fingerprint(&ann_key)
    ));
    // Bob's highlight is on himself, first of the players: ↑ goes on up into the
    // challenges.
    bob.keys(&["Up", "Enter"]);
    ann.wait_for("White (you) to move");
    bob.wait_for("White (Ann) to move");

    // Typed moves; both screens show them.
    ann.type_move("e4");
    bob.wait_for("1. e4");
    bob.wait_for("Black (you) to move");
    bob.type_move("e6");
    ann.wait_for("1. e4        e6");

    // Cat watches.
    let cat = connect("cat", &cat_key, port, &data);
    cat.wait_for("Choose the name");
    cat.keys(&["Cat", "Enter"]);
    cat.wait_for("Ann v Bob · PromoChess");
    cat.keys(&["Tab", "Enter"]);
    cat.wait_for("watching");
    cat.wait_for("1. e4        e6");
    ann.wait_for("1 watching");

    // Bob's connection drops: Ann is told, and Bob comes back into the same game.
    bob.kill_session();
    ann.wait_for("Bob away:");
    let bob = connect("bob", &bob_key, port, &data);
    bob.wait_for("1. e4        e6");
    bob.wait_for("White (Ann) to move");
    ann.type_move("d4");
    bob.wait_for("2. d4");
    cat.wait_for("2. d4");
    // A chat line reaches everyone.
    bob.keys(&["t"]);
    bob.keys(&["good luck", "Enter"]);
    ann.wait_for("Bob: good luck");
    cat.wait_for("Bob: good luck");

    // Bob resigns; both games are kept in each player's saved games.
    bob.keys(&["R", "y"]);
    ann.wait_for("White wins by resignation");
    // The screen says it before each session's keeper has written the file: wait for both.
    let finished = |p: &PathBuf| std::fs::read_to_string(p).is_ok_and(|t| t.contains("\"1-0\""));
    let mut saved: Vec<PathBuf> = Vec::new();
    for _ in 0..200 {
        saved = walk(&data.join("players"))
            .into_iter()
            .filter(|p| p.to_string_lossy().contains("/saves/"))
            .collect();
        if saved.len() == 2 && saved.iter().all(finished) {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(saved.len(), 2, "{saved:?}");
    for path in &saved {
        let text = std::fs::read_to_string(path).unwrap();
        assert!(text.contains("\"1-0\"") && text.contains("d3d4"), "{text}");
    }
    drop((ann, bob, cat));
    let _ = std::fs::remove_dir_all(&data);
    let _ = std::fs::remove_dir_all(&keys);
}

#[test]
fn a_connection_in_a_terminal_left_in_the_alternate_screen_starts_on_a_clean_screen() {
    if !have_ssh() || Tmux::new("probe").is_none() {
        return;
    }
    let data = data_dir("serve-redraw");
    let keys = data_dir("serve-redraw-keys");
    let server = Server::start(&data);
    let k = key(&keys, "fay");
    // A terminal a dropped connection left in the alternate screen, old text on it; then
    // ssh again in the same window.
    let fay = Tmux::new("ssh-fay").expect("tmux");
    fay.start(
        &data,
        &format!(
            "printf '\\033[?1049h\\033[20;40HOLD SHELL TEXT'; sleep 1; \
             ssh -p {} -tt -i '{}' {SSH_OPTIONS} fay@127.0.0.1; sleep 60",
            server.port,
            k.display()
        ),
    );
    fay.wait_for("Choose the name");
    let screen = fay.screen();
    assert!(!screen.contains("OLD SHELL TEXT"), "{screen}");
    fay.kill_session();
    drop(server);
    let _ = std::fs::remove_dir_all(&data);
    let _ = std::fs::remove_dir_all(&keys);
}

#[test]
fn commands_forwarding_sftp_passwords_and_garbage_are_refused() {
    if !have_ssh() || Tmux::new("probe").is_none() {
        return;
    }
    let data = data_dir("serve-refuse");
    let keys = data_dir("serve-refuse-keys");
    let server = Server::start(&data);
    let port = server.port;
    let k = key(&keys, "dan");

    // A player who stays connected through all of it.
    let dan = connect("dan", &k, port, &data);
    dan.wait_for("Choose the name");
    dan.keys(&["Dan", "Enter"]);
    dan.wait_for("you are Dan");

    let other = key(&keys, "eve");
    let (code, out) = ssh("eve@127.0.0.1 ls /", &other, port);
    assert_ne!(code, 0);
    assert!(out.contains("commands are not run here"), "{out}");
    let (code, out) = ssh(
        "-N -o ExitOnForwardFailure=yes -R 0:127.0.0.1:22 eve@127.0.0.1",
        &other,
        port,
    );
    assert_ne!(code, 0, "a remote forward: {out}");
    server.wait_log("remote port forwarding refused");
    // A local forward: refused when something uses it.
    let local = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut forward = Command::new("ssh")
        .args(["-p", &port.to_string(), "-i"])
        .arg(&other)
        .args(SSH_OPTIONS.split(' '))
        .args(["-o", "BatchMode=yes", "-N", "-L"])
        .arg(format!("{local}:127.0.0.1:{port}"))
        .arg("eve@127.0.0.1")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while !server.log().contains("local port forwarding refused") {
        assert!(Instant::now() < deadline, "{}", server.log());
        if let Ok(mut s) = TcpStream::connect(("127.0.0.1", local)) {
            let _ = s.write_all(b"x");
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    let _ = forward.kill();
    let _ = forward.wait();
    let (code, _) = ssh("-s eve@127.0.0.1 sftp", &other, port);
    assert_ne!(code, 0);
    server.wait_log("subsystem refused");
    let (code, out) = ssh(
        "-o PubkeyAuthentication=no -o PreferredAuthentications=password eve@127.0.0.1",
        &other,
        port,
    );
    assert_ne!(code, 0);
    assert!(out.contains("Permission denied"), "{out}");
    // No key at all: told how to make one.
    let (code, out) = ssh(
        "-tt -o BatchMode=no -o PubkeyAuthentication=no -o PreferredAuthentications=keyboard-interactive eve@127.0.0.1",
        &other,
        port,
    );
    assert_ne!(code, 0);
    assert!(out.contains("ssh-keygen -t ed25519"), "{out}");
    // Garbage, and a client that hangs up mid-handshake.
    for junk in [
        &b"\x00\xffGET / HTTP/1.1\r\n\r\n"[..],
        b"SSH-2.0-x\r\n\x00\x00\x00\x0c",
    ] {
        let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
        let _ = s.write_all(junk);
        drop(s);
    }
    std::thread::sleep(Duration::from_millis(300));
    // The server still serves, and Dan's session still works.
    dan.keys(&["a"]);
    dan.wait_for("Game");
    dan.keys(&["Enter"]);
    dan.wait_for("White to move");
    let _ = std::fs::remove_dir_all(&data);
    let _ = std::fs::remove_dir_all(&keys);
}

#[test]
fn connections_that_do_not_log_in_count_and_are_closed_and_a_full_server_says_so() {
    if !have_ssh() {
        return;
    }
    let data = data_dir("serve-limits");
    let keys = data_dir("serve-limits-keys");
    let server = Server::start_with(&data, &["--login-timeout", "2", "--max-clients", "2"]);
    let port = server.port;
    let k = key(&keys, "fay");

    // A silent connection and a slow one (a byte every 200 ms, never done).
    let silent = TcpStream::connect(("127.0.0.1", port)).unwrap();
    let slow = TcpStream::connect(("127.0.0.1", port)).unwrap();
    let dripping = {
        let mut slow = slow.try_clone().unwrap();
        std::thread::spawn(move || {
            for byte in b"SSH-2.0-slow-loris-client-that-never-ends-its-line"
                .iter()
                .cycle()
            {
                if slow.write_all(&[*byte]).is_err() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(200));
            }
        })
    };
    server.wait_log("127.0.0.1:");
    // Both count: the server is full, and the real client is told so in words.
    let (code, out) = ssh("-T fay@127.0.0.1", &k, port);
    assert_ne!(code, 0);
    assert!(
        out.contains("rankup: the server is full (2 connections)"),
        "{out}\n{}",
        server.log()
    );
    // The login timeout closes both (a generous ceiling: the timeout is 2 s).
    for mut stream in [silent, slow] {
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        let mut all = Vec::new();
        let read = std::io::Read::read_to_end(&mut stream, &mut all);
        assert!(
            read.is_ok()
                || read
                    .as_ref()
                    .is_err_and(|e| e.kind() == std::io::ErrorKind::ConnectionReset),
            "not closed: {read:?}"
        );
        assert!(all.starts_with(b"SSH-2.0-"), "{all:?}");
    }
    dripping.join().unwrap();
    assert_eq!(
        server.log().matches("login timeout").count(),
        2,
        "{}",
        server.log()
    );
    // Their places are given back: the next client is served (and told it needs a
    // terminal, as -T asks for none).
    let (code, out) = ssh("-T fay@127.0.0.1", &k, port);
    assert_ne!(code, 0);
    assert!(out.contains("rankup needs a terminal"), "{out}");
    let _ = std::fs::remove_dir_all(&data);
    let _ = std::fs::remove_dir_all(&keys);
}

#[test]
fn a_second_login_with_the_same_key_tells_the_first_why_it_is_closed() {
    if !have_ssh() || Tmux::new("probe").is_none() {
        return;
    }
    let data = data_dir("serve-twice");
    let keys = data_dir("serve-twice-keys");
    let server = Server::start(&data);
    let port = server.port;
    let k = key(&keys, "gil");
    let first = connect("gil1", &k, port, &data);
    first.wait_for("Choose the name");
    first.keys(&["Gil", "Enter"]);
    first.wait_for("you are Gil");
    let second = connect("gil2", &k, port, &data);
    second.wait_for("you are Gil");
    first.wait_for("rankup: you signed in from another terminal; this session is closed");
    drop((first, second));
    let _ = std::fs::remove_dir_all(&data);
    let _ = std::fs::remove_dir_all(&keys);
}

#[test]
fn the_games_of_the_servers_variants_folder_are_offered_and_look_alike_names_refused() {
    if !have_ssh() || Tmux::new("probe").is_none() {
        return;
    }
    let data = data_dir("serve-variants");
    let keys = data_dir("serve-variants-keys");
    let folder = data.join("house-variants");
    std::fs::create_dir_all(&folder).unwrap();
    let promo = include_str!("../variants/promochess.ron")
        .replacen("id: \"promochess\"", "id: \"house-promo\"", 1)
        .replacen("name: \"PromoChess\"", "name: \"House PromoChess\"", 1);
    std::fs::write(folder.join("house.ron"), promo).unwrap();
    std::fs::write(folder.join("broken.ron"), "(id: \"broken\", nope").unwrap();
    let server = Server::start_with(&data, &["--variants", folder.to_str().unwrap()]);
    // One line for the games, one for the file left out; the server goes on.
    server.wait_log("house-promo");
    server.wait_log("variant file left out: house-variants/broken.ron:");
    let port = server.port;
    let (hal_key, eve_key) = (key(&keys, "hal"), key(&keys, "eve"));
    let hal = connect("hal", &hal_key, port, &data);
    hal.wait_for("Choose the name");
    hal.keys(&["Hal", "Enter"]);
    // The lobby's header: my name and my key, as ssh-keygen -l prints it, short.
    hal.wait_for(&format!("you are Hal · {}", short_fingerprint(&hal_key)));
    // The seek form finds the server's game by typing.
    hal.keys(&["s"]);
    hal.wait_for("Open seek");
    hal.keys(&["house"]);
    hal.wait_for("game   House PromoChess");
    hal.keys(&["Enter"]);
    hal.wait_for("you → anyone: House PromoChess");
    // A name that reads as Hal's is refused, with why.
    let eve = connect("eve", &eve_key, port, &data);
    eve.wait_for("Choose the name");
    eve.keys(&["HaI", "Enter"]);
    eve.wait_for("HaI is too much like Hal");
    drop((hal, eve));
    let _ = std::fs::remove_dir_all(&data);
    let _ = std::fs::remove_dir_all(&keys);
}

#[test]
fn the_config_folders_games_are_served_by_default_and_a_missing_variants_folder_stops_the_start() {
    let data = data_dir("serve-config-variants");
    let config = tmux::config_dir_of(&data);
    std::fs::create_dir_all(config.join("variants")).unwrap();
    let promo = include_str!("../variants/promochess.ron").replacen(
        "id: \"promochess\"",
        "id: \"config-promo\"",
        1,
    );
    std::fs::write(config.join("variants/mine.ron"), promo).unwrap();
    let server = Server::start(&data);
    server.wait_log("config-promo");
    drop(server);
    let missing = data.join("no-such-folder");
    let out = Command::new(bin())
        .args(["serve", "--listen", "127.0.0.1:0", "--data"])
        .arg(&data)
        .arg("--variants")
        .arg(&missing)
        .env("RANKUP_CONFIG_DIR", &config)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--variants") && err.contains("not a folder"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&data);
    let _ = std::fs::remove_dir_all(&config);
}

/// The short fingerprint of the key at `private` (`SHA256:` and 8 characters), from
/// `ssh-keygen -l`.
fn short_fingerprint(private: &Path) -> String {
    let out = Command::new("ssh-keygen")
        .arg("-lf")
        .arg(private.with_extension("pub"))
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let full = text.split_whitespace().nth(1).expect("a fingerprint");
    full.chars().take("SHA256:".len() + 8).collect()
}

/// Every file under `dir`.
fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                out.extend(walk(&p));
            } else if p.extension().is_some_and(|e| e == "ron")
                && !p.file_name().unwrap().to_string_lossy().starts_with('.')
            {
                out.push(p);
            }
        }
    }
    out
}

/// Whether the pane shows the main screen with the cursor visible: `(alternate_on,
/// cursor_flag)` as tmux reports them.
fn screen_mode(t: &Tmux) -> (String, String) {
    let out = t.run(&[
        "display-message",
        "-p",
        "-t",
        "t",
        "#{alternate_on} #{cursor_flag}",
    ]);
    let mut parts = out.split_whitespace().map(str::to_string);
    (
        parts.next().unwrap_or_default(),
        parts.next().unwrap_or_default(),
    )
}

#[test]
fn a_restart_mid_game_keeps_it_and_sigterm_gives_every_terminal_back() {
    if !have_ssh() || Tmux::new("probe").is_none() {
        return;
    }
    let data = data_dir("serve-restart");
    let keys = data_dir("serve-restart-keys");
    let mut server = Server::start(&data);
    let port = server.port;
    let (ann_key, bob_key, cat_key) = (key(&keys, "ann"), key(&keys, "bob"), key(&keys, "cat"));
    let ann = connect("ann", &ann_key, port, &data);
    ann.wait_for("Choose the name");
    ann.keys(&["Ann", "Enter"]);
    ann.wait_for("you are Ann");
    let bob = connect("bob", &bob_key, port, &data);
    bob.wait_for("Choose the name");
    bob.keys(&["Bob", "Enter"]);
    bob.wait_for("you are Bob");
    ann.wait_for("Bob               free");
    // Ann challenges Bob to PromoChess, 5+3, Ann White; two moves.
    ann.keys(&["Down", "c"]);
    ann.wait_for("Challenge Bob");
    ann.keys(&["Left", "Left", "Tab", "Left", "Left"]);
    ann.wait_for("game   PromoChess");
    ann.wait_for("you    white");
    ann.keys(&["Enter"]);
    bob.wait_for("→ you: PromoChess, 5+3");
    bob.keys(&["Up", "Enter"]);
    ann.wait_for("White (you) to move");
    ann.type_move("e4");
    bob.wait_for("Black (you) to move");
    bob.type_move("e6");
    ann.wait_for("1. e4        e6");

    // SIGTERM: each player is told, on the main screen with the cursor shown.
    let pid = server.child.id().to_string();
    assert!(Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap()
        .success());
    for t in [&ann, &bob] {
        t.wait_for("rankup: server restarting, your game is kept");
        assert_eq!(screen_mode(t), ("0".into(), "1".into()), "{}", t.screen());
    }
    let status = server.child.wait().unwrap();
    assert!(status.success(), "{status:?}\n{}", server.log());
    assert!(server.log().contains("stopped"), "{}", server.log());
    drop((ann, bob));

    // The server comes back: the game is listed, both players are back in it.
    let server = Server::start(&data);
    let port = server.port;
    server.wait_log("games in progress restored: 1,");
    let cat = connect("cat", &cat_key, port, &data);
    cat.wait_for("Choose the name");
    cat.keys(&["Cat", "Enter"]);
    cat.wait_for("Ann v Bob · PromoChess");
    let ann = connect("ann", &ann_key, port, &data);
    ann.wait_for("1. e4        e6");
    ann.wait_for("your game with Bob is kept");
    let bob = connect("bob", &bob_key, port, &data);
    bob.wait_for("1. e4        e6");
    ann.wait_for("Bob is back");
    // The spectator watches again; the game goes on between the same two players.
    cat.keys(&["Tab", "Enter"]);
    cat.wait_for("1. e4        e6");
    ann.type_move("d4");
    bob.wait_for("2. d4");
    cat.wait_for("2. d4");
    bob.type_move("d5");
    ann.wait_for("2. d4        d5");
    // Bob resigns; Ann's saved games list it, naming only "saves" (it showed the server's
    // absolute path once, then the player folder's name).
    bob.keys(&["R", "y"]);
    // Rated (as the challenge form proposes), across the restart too.
    ann.wait_for("White wins by resignation · rating 1500? → 1662? (+162)");
    ann.keys(&["Escape"]);
    ann.wait_for("you are Ann");
    ann.keys(&["b"]);
    let listed = ann.wait_for("saved games");
    assert!(
        listed.contains("saved games · sorted by date · saves") && !listed.contains("SHA256_"),
        "{listed}"
    );
    let root = data.display().to_string();
    for t in [&ann, &bob, &cat] {
        assert!(!t.screen().contains(&root), "{}", t.screen());
    }
    assert!(!listed.contains("/tmp"), "{listed}");
    drop((ann, bob, cat, server));
    let _ = std::fs::remove_dir_all(&data);
    let _ = std::fs::remove_dir_all(&keys);
}

#[test]
fn a_correspondence_seek_and_a_rated_game_over_ssh() {
    if !have_ssh() || Tmux::new("probe").is_none() {
        return;
    }
    let data = data_dir("serve-rated");
    let keys = data_dir("serve-rated-keys");
    let server = Server::start(&data);
    let port = server.port;
    let (ann_key, bob_key) = (key(&keys, "ann"), key(&keys, "bob"));
    let ann = connect("ann", &ann_key, port, &data);
    ann.wait_for("Choose the name");
    ann.keys(&["Ann", "Enter"]);
    ann.wait_for("you are Ann");
    let bob = connect("bob", &bob_key, port, &data);
    bob.wait_for("Choose the name");
    bob.keys(&["Bob", "Enter"]);
    ann.wait_for("Bob               free           1500?");

    // Ann seeks a correspondence game: Chess, she plays White, 3 days per move, rated,
    // within 200 of her rating.
    ann.keys(&["s", "Tab", "Left", "Left", "Tab"]);
    ann.keys(&[
        "Right", "Right", "Right", "Right", "Right", "Tab", "Tab", "Right", "Right",
    ]);
    ann.wait_for("3 days/move (correspondence)");
    ann.wait_for("ratings within ±200 of mine");
    ann.keys(&["Enter"]);
    bob.wait_for("Ann 1500? · SHA256:");
    bob.wait_for("→ anyone: Chess, 3 days/move, rated, Ann plays");
    bob.keys(&["Up", "Enter"]);
    bob.wait_for("3 days/move: Ann has 3 d 0 h to move");
    ann.wait_for("Bob accepted: a correspondence game, in your lobby");
    ann.wait_for("your move in 1 game");
    // Bob goes back to the lobby; the game waits there. Ann opens it and moves: Bob's
    // terminal rings.
    bob.keys(&["Escape"]);
    bob.wait_for("v Ann · Chess · their move");
    ann.keys(&["Up", "Up", "Enter"]);
    ann.wait_for("White (you) to move");
    ann.type_move("e4");
    bob.wait_for("your move in 1 game");
    bob.wait_for("v Ann · Chess · your move");
    let bell = bob.run(&["display-message", "-p", "-t", "t", "#{window_bell_flag}"]);
    assert_eq!(bell.trim(), "1", "the bell rang");
    ann.keys(&["Escape"]);
    ann.wait_for("Your correspondence games");

    // A rated real-time game: Bob resigns after a move each; both see their new ratings.
    ann.keys(&["Down", "Down", "c"]);
    ann.wait_for("Challenge Bob");
    ann.keys(&["Tab", "Left", "Left"]);
    ann.wait_for("rated  rated");
    ann.keys(&["Enter"]);
    bob.wait_for("→ you: Chess, 5+3, rated, Ann plays white");
    bob.keys(&["Down", "Enter"]);
    ann.wait_for("White (you) to move");
    ann.type_move("e4");
    bob.wait_for("Black (you) to move");
    bob.type_move("e5");
    ann.wait_for("1. e4        e5");
    bob.keys(&["R", "y"]);
    ann.wait_for("White wins by resignation · rating 1500? → 1662? (+162)");
    bob.wait_for("White wins by resignation · rating 1500? → 1338? (-162)");
    ann.keys(&["Escape"]);
    ann.wait_for("Bob               free           1338?");
    server.wait_log("rated 1662? in chess");
    drop((ann, bob));
    let _ = std::fs::remove_dir_all(&data);
    let _ = std::fs::remove_dir_all(&keys);
}

#[test]
fn a_finished_game_is_reviewed_from_the_archive_and_the_card_shows_the_rating() {
    if !have_ssh() || Tmux::new("probe").is_none() {
        return;
    }
    let data = data_dir("serve-archive");
    let keys = data_dir("serve-archive-keys");
    let server = Server::start(&data);
    let port = server.port;
    let (ann_key, bob_key) = (key(&keys, "ann"), key(&keys, "bob"));
    let ann = connect("ann", &ann_key, port, &data);
    ann.wait_for("Choose the name");
    ann.keys(&["Ann", "Enter"]);
    ann.wait_for("you are Ann");
    let bob = connect("bob", &bob_key, port, &data);
    bob.wait_for("Choose the name");
    bob.keys(&["Bob", "Enter"]);
    ann.wait_for("Bob               free           1500?");
    // A rated game: a move each, Bob resigns.
    ann.keys(&["Down", "Down", "c"]);
    ann.wait_for("Challenge Bob");
    ann.keys(&["Tab", "Left", "Left"]);
    ann.wait_for("rated  rated");
    ann.keys(&["Enter"]);
    bob.wait_for("→ you: Chess, 5+3, rated, Ann plays white");
    bob.keys(&["Up", "Enter"]);
    ann.wait_for("White (you) to move");
    ann.type_move("e4");
    bob.wait_for("Black (you) to move");
    bob.type_move("e5");
    ann.wait_for("1. e4        e5");
    bob.keys(&["R", "y"]);
    bob.wait_for("White wins by resignation");
    server.wait_log("rated 1662? in chess");
    // Bob opens the archive: the game, newest first; Enter reviews it with its moves.
    bob.keys(&["Escape"]);
    bob.wait_for("rankup · lobby");
    bob.keys(&["A"]);
    bob.wait_for("every finished game on this server");
    bob.wait_for("Ann              Bob              1-0     Chess        rated");
    bob.keys(&["Enter"]);
    bob.wait_for("rankup · review");
    bob.wait_for("1. e4        e5");
    bob.keys(&["Escape"]);
    bob.wait_for("every finished game on this server");
    // Tab: its PGN as plain text; x writes it into Bob's own folder.
    bob.keys(&["Tab"]);
    bob.wait_for("[White \"Ann\"]");
    bob.wait_for("[TimeControl \"300+3\"]");
    bob.wait_for("1. e4 {[%emt");
    bob.keys(&["x"]);
    bob.wait_for("exported to");
    // The PGN is in Bob's own saves, and nowhere else under the players' folder.
    let folder = |private: &Path| {
        let out = Command::new("ssh-keygen")
            .arg("-lf")
            .arg(private.with_extension("pub"))
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let full = text.split_whitespace().nth(1).expect("a fingerprint");
        let name: String = full
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        data.join("players").join(name)
    };
    let pgn_files = |dir: &Path| -> Vec<String> {
        std::fs::read_dir(dir)
            .map(|d| {
                d.flatten()
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .filter(|n| n.ends_with(".pgn"))
                    .collect()
            })
            .unwrap_or_default()
    };
    let saves = folder(&bob_key).join("saves");
    let deadline = Instant::now() + Duration::from_secs(10);
    while pgn_files(&saves).is_empty() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    let written = pgn_files(&saves);
    assert!(
        written.len() == 1
            && written[0].starts_with("game-")
            && written[0].ends_with("-Ann-Bob.pgn"),
        "{written:?}"
    );
    let text = std::fs::read_to_string(saves.join(&written[0])).unwrap();
    assert!(
        text.contains("[Black \"Bob\"]") && text.contains("1. e4 {"),
        "{text}"
    );
    assert!(
        pgn_files(&data.join("players")).is_empty(),
        "nothing in the shared folder"
    );
    assert!(
        pgn_files(&folder(&ann_key).join("saves")).is_empty(),
        "nothing in Ann's"
    );
    // Back to the lobby; Bob's own card: his key as ssh-keygen prints it, his rating.
    bob.keys(&["Escape", "Escape", "Escape"]);
    bob.wait_for("rankup · lobby");
    bob.keys(&["Up", "Up", "Up", "Up", "i"]);
    bob.wait_for(&format!("Bob · {}", short_fingerprint(&bob_key)));
    bob.wait_for("Games: 0 won · 0 drawn · 1 lost");
    bob.wait_for("1338?  1 rated game");
    bob.wait_for("v Ann");
    // Ann's card from Bob's lobby: her rating.
    bob.keys(&["Escape"]);
    // The card is gone before the arrow is sent (Esc and an arrow at once read as one key).
    let deadline = Instant::now() + Duration::from_secs(10);
    while bob.screen().contains("Player card") {
        assert!(Instant::now() < deadline, "the card closes");
        std::thread::sleep(Duration::from_millis(50));
    }
    bob.keys(&["Down", "i"]);
    bob.wait_for(&format!("Ann · {}", short_fingerprint(&ann_key)));
    bob.wait_for("1662?  1 rated game");
    drop((ann, bob));
    let _ = std::fs::remove_dir_all(&data);
    let _ = std::fs::remove_dir_all(&keys);
}

/// `ssh -o SetEnv=NO_COLOR=1` from a terminal whose locale is `C`: the server draws that
/// connection without colours and in ASCII, as the app does locally with the same variables;
/// a connection without them, at the same time, keeps its colours and glyphs.
#[test]
fn no_color_and_a_c_locale_reach_the_server() {
    if !have_ssh() || Tmux::new("probe").is_none() {
        return;
    }
    let data = data_dir("serve-nocolor");
    let keys = data_dir("serve-nocolor-keys");
    let server = Server::start(&data);
    let (dee_key, eve_key) = (key(&keys, "dee"), key(&keys, "eve"));
    let dee = Tmux::new("ssh-dee").expect("tmux");
    dee.start(
        &data,
        &format!(
            "env LC_ALL= LC_CTYPE= LANG=C ssh -p {} -tt -i '{}' {SSH_OPTIONS} \
             -o SetEnv=NO_COLOR=1 dee@127.0.0.1; sleep 60",
            server.port,
            dee_key.display()
        ),
    );
    dee.wait_for("Choose the name");
    dee.keys(&["Dee", "Enter"]);
    dee.wait_for("you are Dee");
    let eve = connect("eve", &eve_key, server.port, &data);
    eve.wait_for("Choose the name");
    eve.keys(&["Eve", "Enter"]);
    eve.wait_for("you are Eve");
    dee.wait_for("Eve");
    let styled = |t: &Tmux| t.run(&["capture-pane", "-p", "-e", "-t", "t"]);
    let colour = |screen: &str| {
        screen
            .split('\x1b')
            .filter_map(|part| part.strip_prefix('['))
            .filter_map(|part| part.split_once('m'))
            .flat_map(|(params, _)| params.split(';').map(str::to_owned).collect::<Vec<_>>())
            .filter_map(|code| code.parse::<u32>().ok())
            .any(|code| matches!(code, 30..=38 | 40..=48 | 90..=97 | 100..=107))
    };
    let plain = styled(&dee);
    assert!(!colour(&plain), "{plain}");
    assert!(plain.is_ascii(), "{plain}");
    let coloured = styled(&eve);
    assert!(colour(&coloured), "{coloured}");
    assert!(!coloured.is_ascii(), "{coloured}");
    dee.kill_session();
    eve.kill_session();
    drop(server);
    let _ = std::fs::remove_dir_all(&data);
    let _ = std::fs::remove_dir_all(&keys);
}
