//! Why a move is not legal, in the words of the game: the engine's own knowledge of
//! reach, blocking, pins, castling conditions, e.p., promotion zones and the King swap,
//! turned into a reason a player can act on. Used by typed input, the cursor and
//! `rankup moves --why`.

use std::fmt;

use super::geometry::{Square, SquareSet, Squares};
use super::moves::{Move, MoveKind};
use super::piece::{Color, PieceKind};
use super::position::Position;

/// A piece on a square, for messages: `the Queen on d1`, `the Rook (level 3) on a1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Named {
    /// The piece's name in this game.
    pub name: String,
    /// Its level, in games with levels.
    pub level: Option<u16>,
    /// Where it stands.
    pub square: Square,
}

impl fmt::Display for Named {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.level {
            Some(l) => write!(f, "the {} (level {l}) on {}", self.name, self.square),
            None => write!(f, "the {} on {}", self.name, self.square),
        }
    }
}

/// Why a move is not legal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// No piece stands there.
    NoPiece(Square),
    /// The piece there is the opponent's.
    NotYours {
        /// The piece.
        piece: Named,
        /// Whose move it is.
        turn: Color,
    },
    /// The piece does not move that way (or not from here): what it does, where it can go.
    CannotReach {
        /// The piece.
        piece: Named,
        /// The destination.
        to: Square,
        /// How it moves, from the game's rules.
        moves: String,
        /// Where it can legally go now.
        targets: Vec<Square>,
    },
    /// Another piece stands in the way.
    Blocked {
        /// The piece.
        piece: Named,
        /// The destination.
        to: Square,
        /// The first square in the way that is occupied, when the path is a line.
        at: Option<Square>,
    },
    /// The destination holds one of the mover's own pieces.
    OwnPiece {
        /// The destination.
        to: Square,
    },
    /// The King would stand attacked.
    KingAttacked {
        /// The attacker after the move.
        by: Named,
    },
    /// The King is in check and the move does not answer it.
    StillInCheck {
        /// A piece that gives check after the move.
        by: Named,
    },
    /// The piece is pinned to the King.
    Pinned {
        /// The piece.
        piece: Named,
        /// The enemy piece behind it.
        by: Named,
    },
    /// The game has no e.p. captures.
    NoEnPassant {
        /// The game's name.
        game: String,
    },
    /// e.p. only right after the enemy Pawn's double step past this square.
    EnPassantNotNow,
    /// Castling is not possible, for this reason.
    Castling(CastlingBlock),
    /// The King swap is only for a King in check, once a game, onto an unattacked piece.
    Swap(SwapBlock),
}

/// Why a castling is not possible.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CastlingBlock {
    /// The game has no such castling for this side.
    NoSuchCastling,
    /// The right is gone: the King or the partner moved (or was taken).
    RightGone,
    /// A square between is occupied.
    Occupied(Square),
    /// The King is in check.
    InCheck,
    /// The King would pass or land on an attacked square.
    Attacked {
        /// The square.
        square: Square,
        /// An attacker.
        by: Named,
    },
}

/// Why the King swap is not possible.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SwapBlock {
    /// The game has no King swap.
    NotInThisGame,
    /// The swap is only for a King in check.
    NotInCheck,
    /// It was used already.
    Used,
    /// The piece to swap with is attacked.
    TargetAttacked(Square),
}

impl Illegal {
    /// Whether the reason is only that the piece does not move that way (the weakest
    /// reason, when several pieces could have been meant).
    pub fn is_cannot_reach(&self) -> bool {
        matches!(self, Illegal::CannotReach { .. })
    }
}

impl Illegal {
    /// The reason alone, for a message that names the piece and the square already ("the
    /// Queen on d8 cannot go to d3: the way is blocked on d7"), so it is said once.
    pub fn reason(&self) -> String {
        match self {
            Illegal::Blocked { at: Some(at), .. } => format!("the way is blocked on {at}"),
            Illegal::Blocked { at: None, .. } => "the pieces in the way stop it".into(),
            Illegal::CannotReach { moves, targets, .. } => reach_reason(moves, targets),
            other => other.to_string(),
        }
    }
}

/// Where a piece that cannot reach a square can go, and how it moves.
fn reach_reason(moves: &str, targets: &[Square]) -> String {
    let mut out = if targets.is_empty() {
        "it has no legal move now".to_string()
    } else {
        let list: Vec<String> = targets.iter().map(|s| s.to_string()).collect();
        format!("it can go to {}", list.join(" "))
    };
    if !moves.is_empty() {
        out.push_str(&format!(". How it moves: {moves}"));
    }
    out
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::NoPiece(sq) => write!(f, "there is no piece on {sq}"),
            Illegal::NotYours { piece, turn } => {
                write!(f, "{piece} is not yours: it is {turn}'s move")
            }
            Illegal::CannotReach {
                piece,
                to,
                moves,
                targets,
            } => write!(
                f,
                "{piece} cannot reach {to}; {}",
                reach_reason(moves, targets)
            ),
            Illegal::Blocked { piece, to, .. } => {
                write!(f, "{piece} cannot reach {to}: {}", self.reason())
            }
            Illegal::OwnPiece { to } => write!(f, "{to} holds one of your own pieces"),
            Illegal::KingAttacked { by } => {
                write!(f, "the King would stand in check from {by}")
            }
            Illegal::StillInCheck { by } => write!(
                f,
                "your King is in check and stays in check from {by}: move it, take {by}, or block"
            ),
            Illegal::Pinned { piece, by } => {
                write!(f, "{piece} is pinned: moving it exposes the King to {by}")
            }
            Illegal::NoEnPassant { game } => {
                write!(f, "there is no capturing en passant in {game}")
            }
            Illegal::EnPassantNotNow => write!(
                f,
                "en passant only takes a Pawn that has just made its double step past that square"
            ),
            Illegal::Castling(b) => match b {
                CastlingBlock::NoSuchCastling => write!(f, "there is no such castling here"),
                CastlingBlock::RightGone => {
                    write!(
                        f,
                        "castling that way is gone: the King or its partner has moved"
                    )
                }
                CastlingBlock::Occupied(sq) => {
                    write!(f, "cannot castle: {sq} is not empty")
                }
                CastlingBlock::InCheck => write!(f, "cannot castle out of check"),
                CastlingBlock::Attacked { square, by } => write!(
                    f,
                    "cannot castle: the King would cross or land on {square}, attacked by {by}"
                ),
            },
            Illegal::Swap(b) => match b {
                SwapBlock::NotInThisGame => write!(f, "this game has no King swap"),
                SwapBlock::NotInCheck => {
                    write!(f, "the King swap is only for a King in check")
                }
                SwapBlock::Used => write!(f, "the King swap is used up (once a game)"),
                SwapBlock::TargetAttacked(sq) => write!(
                    f,
                    "the King may swap only with a piece no enemy attacks, and {sq} is attacked"
                ),
            },
        }
    }
}

impl Position {
    /// A piece on `sq`, named for messages.
    pub fn named(&self, sq: Square) -> Option<Named> {
        let p = self.piece_at(sq)?;
        let v = self.variant();
        Some(Named {
            name: v.piece(p.kind()).name.to_string(),
            level: v.has_levels().then(|| self.level_at(sq)),
            square: sq,
        })
    }

    /// The squares of `by`'s pieces that attack `target` when the board is `occupied`
    /// (and the pieces of `removed` are gone).
    fn attackers(
        &self,
        target: Square,
        by: Color,
        occupied: SquareSet,
        removed: SquareSet,
    ) -> Vec<Square> {
        let v = self.variant();
        self.pieces()
            .filter(|(sq, p)| p.color() == by && removed & sq.bit() == 0)
            .filter(|(sq, p)| {
                v.reach(p.kind(), by, self.level_at(*sq), *sq, occupied) & target.bit() != 0
            })
            .map(|(sq, _)| sq)
            .collect()
    }

    /// One enemy piece that attacks `target` in those circumstances, named.
    fn attacker_of(
        &self,
        target: Square,
        by: Color,
        occupied: SquareSet,
        removed: SquareSet,
    ) -> Option<Named> {
        self.attackers(target, by, occupied, removed)
            .first()
            .and_then(|&sq| self.named(sq))
    }

    /// Why no legal move takes the piece on `from` to `to`; `None` when one does.
    pub fn why_illegal(&self, from: Square, to: Square) -> Option<Illegal> {
        let legal = self.legal_moves();
        if legal.iter().any(|m| m.from == from && m.to == to) {
            return None;
        }
        let us = self.turn();
        let Some(piece) = self.piece_at(from) else {
            return Some(Illegal::NoPiece(from));
        };
        let named = self.named(from).expect("occupied");
        if piece.color() != us {
            return Some(Illegal::NotYours {
                piece: named,
                turn: us,
            });
        }
        let v = self.variant();
        // Castling and the King swap first: they look like other moves.
        if v.piece(piece.kind()).royal {
            if let Some(c) = v
                .castlings()
                .iter()
                .find(|c| c.spec.color == us && c.spec.king_from == from && c.spec.king_to == to)
            {
                return Some(Illegal::Castling(self.why_no_castling(c.spec.king_side)));
            }
            if v.spec().extras.king_swap && self.piece_at(to).is_some_and(|p| p.color() == us) {
                return Some(match self.why_no_swap(to) {
                    Some(b) => Illegal::Swap(b),
                    None => Illegal::OwnPiece { to },
                });
            }
        }
        if self.piece_at(to).is_some_and(|p| p.color() == us) {
            return Some(Illegal::OwnPiece { to });
        }
        let mut pseudo = Vec::new();
        self.pseudo_moves(&mut pseudo);
        if let Some(mv) = pseudo.iter().find(|m| m.from == from && m.to == to) {
            return Some(self.why_unsafe(mv, &named));
        }
        let spec = v.piece(piece.kind());
        // A Pawn stepping diagonally onto an empty square: e.p. that is not there.
        if spec.pawn && self.piece_at(to).is_none() {
            let level = self.level_at(from);
            let captures = v.reach(piece.kind(), us, level, from, self.occupied() | to.bit());
            if captures & to.bit() != 0 {
                return Some(if v.spec().en_passant {
                    Illegal::EnPassantNotNow
                } else {
                    Illegal::NoEnPassant {
                        game: v.name().to_string(),
                    }
                });
            }
        }
        let level = self.level_at(from);
        // A piece that has had its first move reaches no further with its `i` atoms.
        let moved = self.moved_on_start() & from.bit() != 0;
        let open =
            v.reach_in(us, v.profile(piece.kind(), level), from, from.bit(), moved) & !from.bit();
        let targets =
            legal
                .iter()
                .filter(|m| m.from == from)
                .map(|m| m.to)
                .fold(Vec::new(), |mut acc, t| {
                    if !acc.contains(&t) {
                        acc.push(t);
                    }
                    acc
                });
        if open & to.bit() != 0 {
            let at = v
                .lame_blocker(piece.kind(), us, level, from, to, self.occupied())
                .or_else(|| first_between(from, to, self.occupied()));
            return Some(Illegal::Blocked {
                piece: named,
                to,
                at,
            });
        }
        Some(Illegal::CannotReach {
            piece: named,
            to,
            moves: spec.description.to_string(),
            targets,
        })
    }

    /// Why a pseudo-legal move leaves the King attacked.
    fn why_unsafe(&self, mv: &Move, named: &Named) -> Illegal {
        let us = self.turn();
        let them = !us;
        let king = self.royal_square(us);
        let (king_after, mut occ) = (
            if mv.from == king { mv.to } else { king },
            (self.occupied() & !mv.from.bit()) | mv.to.bit(),
        );
        let mut removed = mv.to.bit();
        if mv.kind == MoveKind::EnPassant {
            let victim = Square::new(mv.to.file(), mv.from.rank()).expect("on the board");
            occ &= !victim.bit();
            removed |= victim.bit();
        }
        // The piece giving check now, if it still does, is the one to name.
        let before = self.attackers(king, them, self.occupied(), 0);
        let after = self.attackers(king_after, them, occ, removed);
        let by = after
            .iter()
            .find(|sq| before.contains(sq))
            .or(after.first())
            .and_then(|&sq| self.named(sq))
            .unwrap_or_else(|| Named {
                name: "an enemy piece".into(),
                level: None,
                square: king_after,
            });
        if mv.from == king {
            Illegal::KingAttacked { by }
        } else if self.is_check() {
            Illegal::StillInCheck { by }
        } else {
            Illegal::Pinned {
                piece: named.clone(),
                by,
            }
        }
    }

    /// Why castling on this side is not possible now (`NoSuchCastling` if it is possible:
    /// ask only after the move was refused).
    pub fn why_no_castling(&self, king_side: bool) -> CastlingBlock {
        let us = self.turn();
        let them = !us;
        let v = self.variant();
        let Some(c) = v
            .castlings()
            .iter()
            .find(|c| c.spec.color == us && c.spec.king_side == king_side)
        else {
            return CastlingBlock::NoSuchCastling;
        };
        if self.castling_rights() & c.right == 0 || self.royal_square(us) != c.spec.king_from {
            return CastlingBlock::RightGone;
        }
        if let Some(sq) = Squares(self.occupied() & c.must_be_empty).next() {
            return CastlingBlock::Occupied(sq);
        }
        if self.is_check() {
            return CastlingBlock::InCheck;
        }
        for sq in Squares(c.king_path) {
            if sq == c.spec.king_from {
                continue;
            }
            if let Some(by) = self.attacker_of(sq, them, self.occupied(), 0) {
                return CastlingBlock::Attacked { square: sq, by };
            }
        }
        CastlingBlock::NoSuchCastling
    }

    /// Why the King cannot swap with the piece on `to` (`None` if it can).
    pub fn why_no_swap(&self, to: Square) -> Option<SwapBlock> {
        let us = self.turn();
        if !self.variant().spec().extras.king_swap {
            return Some(SwapBlock::NotInThisGame);
        }
        if !self.swap_unused(us) {
            return Some(SwapBlock::Used);
        }
        if !self.is_check() {
            return Some(SwapBlock::NotInCheck);
        }
        if self.attacker_of(to, !us, self.occupied(), 0).is_some() {
            return Some(SwapBlock::TargetAttacked(to));
        }
        None
    }

    /// Why the promotion written with a move from `from` to `to` does not fit: the
    /// choices there are, or that there is none to make. `None` when it fits or when no
    /// move goes there at all.
    pub fn why_promotion(
        &self,
        from: Square,
        to: Square,
        wanted: Option<PieceKind>,
    ) -> Option<String> {
        let v = self.variant();
        let moves: Vec<Move> = self
            .legal_moves()
            .into_iter()
            .filter(|m| m.from == from && m.to == to)
            .collect();
        if moves.is_empty() || moves.iter().any(|m| m.promotion == wanted) {
            return None;
        }
        let names: Vec<String> = moves
            .iter()
            .filter_map(|m| m.promotion)
            .map(|k| format!("{} ({})", v.piece(k).name, v.piece(k).letter))
            .collect();
        let piece = self
            .named(from)
            .map_or_else(|| from.to_string(), |n| n.to_string());
        Some(match wanted {
            None => format!(
                "{piece} must promote on {to}: choose {}",
                names.join(" or ")
            ),
            Some(k) if names.is_empty() => format!(
                "{piece} does not promote on {to} (no {} here){}",
                v.piece(k).name,
                zone_words(self, from)
            ),
            Some(k) => format!(
                "{piece} cannot become a {} on {to}: it may become {}{}",
                v.piece(k).name,
                names.join(" or "),
                if moves.iter().any(|m| m.promotion.is_none()) {
                    ", or stay as it is"
                } else {
                    ""
                }
            ),
        })
    }
}

/// `; this game promotes on ranks 7-9` for the mover of the piece on `from`, if it has a
/// zone.
fn zone_words(pos: &Position, from: Square) -> String {
    let v = pos.variant();
    let Some(p) = pos.piece_at(from) else {
        return String::new();
    };
    let zone: SquareSet = Squares(v.shape().squares())
        .filter(|&sq| v.promotion_at(p.color(), p.kind(), sq).is_some())
        .fold(0, |a, sq| a | sq.bit());
    let ranks: Vec<u8> = (0..v.shape().ranks())
        .filter(|&r| Squares(zone).any(|s| s.rank() == r))
        .collect();
    match (ranks.first(), ranks.last()) {
        (Some(a), Some(b)) if a == b => format!("; it promotes on rank {}", a + 1),
        (Some(a), Some(b)) => format!("; it promotes on ranks {}-{}", a + 1, b + 1),
        _ => String::new(),
    }
}

/// The first occupied square strictly between `from` and `to` when they share a line
/// (rank, file or diagonal).
fn first_between(from: Square, to: Square, occupied: SquareSet) -> Option<Square> {
    let df = i32::from(to.file()) - i32::from(from.file());
    let dr = i32::from(to.rank()) - i32::from(from.rank());
    if !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return None;
    }
    let (sf, sr) = (df.signum(), dr.signum());
    let mut sq = from;
    loop {
        sq = sq.offset(sf, sr)?;
        if sq == to {
            return None;
        }
        if occupied & sq.bit() != 0 {
            return Some(sq);
        }
    }
}
