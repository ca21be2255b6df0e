//! What the server keeps on disk, under its data directory:
//!
//! * `server/host_ed25519_key`: the host key, made on the first start (mode 0600);
//! * `server/players.ron`: the names players chose, by SSH key fingerprint;
//! * `players/KEY/`: each player's own data directory (games in play in `games/`, finished
//!   and saved games in `saves/`), the same layout and files as the local app's.

use std::collections::{BTreeMap, HashMap};
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use russh::keys::{Algorithm, PrivateKey};

use crate::net::RoomId;
use crate::save::{DataDir, GameFile, SavedGame};

/// The server's files.
#[derive(Debug)]
pub struct ServerStore {
    root: PathBuf,
    /// Open files of rooms' games in players' stores, by (key, room).
    rooms: HashMap<(String, RoomId), GameFile>,
}

impl ServerStore {
    /// The store under `root` (made if missing).
    ///
    /// # Errors
    /// When the folders cannot be made.
    pub fn open(root: &Path) -> Result<ServerStore, String> {
        for dir in [root.join("server"), root.join("players")] {
            fs::create_dir_all(&dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
        }
        Ok(ServerStore {
            root: root.to_path_buf(),
            rooms: HashMap::new(),
        })
    }

    fn host_key_path(&self) -> PathBuf {
        self.root.join("server").join("host_ed25519_key")
    }

    fn registry_path(&self) -> PathBuf {
        self.root.join("server").join("players.ron")
    }

    /// The host key, made and written on the first start.
    ///
    /// # Errors
    /// An unreadable or broken key file (never replaced: clients would see a new host key
    /// and refuse to connect), or one that cannot be written.
    pub fn host_key(&self) -> Result<PrivateKey, String> {
        let path = self.host_key_path();
        match crate::input::read_text_file(&path, crate::input::MIB) {
            Ok(text) => PrivateKey::from_openssh(text.as_bytes())
                .map_err(|e| format!("{}: not an OpenSSH private key: {e}", path.display())),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                let key = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519)
                    .map_err(|e| format!("cannot make a host key: {e}"))?;
                let text = key
                    .to_openssh(russh::keys::ssh_key::LineEnding::LF)
                    .map_err(|e| format!("cannot encode the host key: {e}"))?;
                write_private(&path, text.as_bytes())
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                Ok(key)
            }
            Err(e) => Err(format!("cannot read {}: {e}", path.display())),
        }
    }

    /// The names players chose, by key fingerprint.
    ///
    /// # Errors
    /// A file that exists but does not read (it is never replaced then).
    pub fn registry(&self) -> Result<HashMap<String, String>, String> {
        let path = self.registry_path();
        match crate::input::read_text_file(&path, crate::input::MIB) {
            Ok(text) => crate::input::ron_options()
                .from_str::<BTreeMap<String, String>>(crate::text::strip_bom(&text))
                .map(|m| m.into_iter().collect())
                .map_err(|e| format!("{}: {e}", path.display())),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(HashMap::new()),
            Err(e) => Err(format!("cannot read {}: {e}", path.display())),
        }
    }

    /// Writes the names (crash-safely).
    ///
    /// # Errors
    /// An I/O error naming the file.
    pub fn write_registry(&self, names: &HashMap<String, String>) -> Result<(), String> {
        let sorted: BTreeMap<&String, &String> = names.iter().collect();
        let text = ron::ser::to_string_pretty(&sorted, ron::ser::PrettyConfig::default())
            .map_err(|e| e.to_string())?;
        let path = self.registry_path();
        crate::save::write_atomic(&path, text.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    }

    /// The data directory of the player with key fingerprint `key`.
    pub fn player_dir(&self, key: &str) -> DataDir {
        // Fingerprints are `SHA256:` and base64: keep what a file name may hold.
        let safe: String = key
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        DataDir::at(self.root.join("players").join(safe))
    }

    /// Keeps a room's game in a player's store: rewritten in `games/` while it goes on,
    /// moved to `saves/` once it is over.
    ///
    /// # Errors
    /// What could not be written, and where.
    pub fn save(&mut self, key: &str, room: RoomId, game: &SavedGame) -> Result<(), String> {
        if key.is_empty() {
            return Ok(());
        }
        let data = self.player_dir(key);
        let slot = (key.to_string(), room);
        if !game.is_unfinished() {
            data.archive(game).map_err(|e| e.to_string())?;
            if let Some(file) = self.rooms.remove(&slot) {
                let _ = file.remove();
            }
            return Ok(());
        }
        let file = match self.rooms.entry(slot) {
            std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(data.new_game_file(game).map_err(|e| e.to_string())?)
            }
        };
        file.write(game).map_err(|e| e.to_string())
    }
}

/// Writes a secret file readable by its owner only (a new file; an existing one is never
/// touched).
fn write_private(path: &Path, contents: &[u8]) -> io::Result<()> {
    let mut options = fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(path)?;
    file.write_all(contents)?;
    file.sync_all()
}
