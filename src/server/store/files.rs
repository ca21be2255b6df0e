//! The server's files outside the database: the host key
//! (`server/host_ed25519_key`, made on the first start, mode 0600) and each player's own
//! data directory (`players/KEY/`, the local app's layout), where finished games are
//! copied.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use russh::keys::{Algorithm, PrivateKey};

use crate::save::{DataDir, SavedGame};

/// The server's files beside the database.
#[derive(Debug)]
pub struct ServerFiles {
    root: PathBuf,
}

impl ServerFiles {
    /// The store under `root` (made if missing).
    ///
    /// # Errors
    /// When the folders cannot be made.
    pub fn open(root: &Path) -> Result<ServerFiles, String> {
        for dir in [root.join("server"), root.join("players")] {
            fs::create_dir_all(&dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
        }
        Ok(ServerFiles {
            root: root.to_path_buf(),
        })
    }

    fn host_key_path(&self) -> PathBuf {
        self.root.join("server").join("host_ed25519_key")
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

    /// The data directory of the player with key fingerprint `key`, on the server's side.
    pub fn player_dir(&self, key: &str) -> DataDir {
        DataDir::at(self.root.join("players").join(player_folder(key)))
    }

    /// The same directory as a connection's app sees it: a path relative to the players'
    /// folder (`SHA256_.../`), so that no message a remote player is shown (a saved
    /// game's path, an error naming a file) names a path on the server. It is valid
    /// because [`serve`](crate::server::serve) works in the players' folder
    /// ([`ServerFiles::players_root`]).
    pub fn session_dir(key: &str) -> DataDir {
        DataDir::at(player_folder(key))
    }

    /// The players' folder, `DATA/players`.
    pub fn players_root(&self) -> PathBuf {
        self.root.join("players")
    }

    /// The server's own folder, `DATA/server` (the database, the host key).
    pub fn server_dir(&self) -> PathBuf {
        self.root.join("server")
    }

    /// Leaves a copy of a finished game in each player's `saves/` (listed by `b`).
    ///
    /// # Errors
    /// What could not be written, and where.
    pub fn copy_finished(&self, keys: &[&str], game: &SavedGame) -> Result<(), String> {
        for key in keys.iter().filter(|k| !k.is_empty()) {
            self.player_dir(key)
                .archive(game)
                .map_err(|e| e.to_string())?;
        }
        Ok(())
    }
}

/// A player's folder name: fingerprints are `SHA256:` and base64, keep what a file name
/// may hold.
pub fn player_folder(key: &str) -> String {
    key.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
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
