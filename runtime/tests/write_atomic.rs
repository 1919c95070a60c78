//! `write_atomic`: nothing lost, nothing written where it should not be.
//!
//! The failure cases use failures that happen for root too (tests may run as root, where
//! permission checks do not apply): the target is a directory, a parent is a file, the content
//! writer fails half-way.
#![cfg(unix)]

use std::fs;
use std::io::{self, Write};
use std::os::unix::fs::{symlink, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use tfvars_runtime::output::{write_atomic, write_atomic_with};

struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        // Process id and a counter: a directory of its own per call, whichever tests run at once.
        static N: AtomicUsize = AtomicUsize::new(0);
        let n = N.fetch_add(1, Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("tfvars-write-{name}-{}-{n}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    // Every entry of the directory, sorted.
    fn entries(&self) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(&self.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn mode(path: &Path) -> u32 {
    fs::symlink_metadata(path).unwrap().permissions().mode() & 0o7777
}

#[test]
fn replaces_the_file_and_leaves_no_temporary_file() {
    let s = Scratch::new("replace");
    let path = s.path("vars.tfvars.json");
    write_atomic(&path, b"{\"a\": 1}\n", false).unwrap();
    write_atomic(&path, b"{\"a\": 2}\n", false).unwrap();
    assert_eq!(fs::read(&path).unwrap(), b"{\"a\": 2}\n");
    assert_eq!(s.entries(), ["vars.tfvars.json"]);
}

#[test]
fn a_private_file_is_0600_before_any_byte_is_written() {
    let s = Scratch::new("private");
    let path = s.path("secret.tfvars.json");
    let mut seen = None;
    write_atomic_with(&path, true, |file| {
        seen = Some(file.metadata()?.permissions().mode() & 0o777);
        file.write_all(b"{\"password\": \"x\"}\n")
    })
    .unwrap();
    assert_eq!(seen, Some(0o600));
    assert_eq!(mode(&path), 0o600);
}

#[test]
fn a_rewrite_keeps_the_mode_and_private_narrows_it() {
    let s = Scratch::new("modes");
    let path = s.path("v.tfvars.json");
    fs::write(&path, b"old").unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
    write_atomic(&path, b"new", false).unwrap();
    assert_eq!(mode(&path), 0o640);
    write_atomic(&path, b"newer", true).unwrap();
    assert_eq!(mode(&path), 0o600);
    // A private rewrite never widens a narrower file.
    fs::set_permissions(&path, fs::Permissions::from_mode(0o400)).unwrap();
    write_atomic(&path, b"newest", true).unwrap();
    assert_eq!(mode(&path), 0o400);
    assert_eq!(fs::read(&path).unwrap(), b"newest");
}

#[test]
fn a_failing_writer_leaves_the_existing_file_untouched() {
    let s = Scratch::new("failing-writer");
    let path = s.path("v.tfvars.json");
    fs::write(&path, b"original").unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o644)).unwrap();
    let err = write_atomic_with(&path, true, |file| {
        file.write_all(b"half of the new con")?;
        Err(io::Error::other("disk on fire"))
    })
    .unwrap_err();
    assert!(err.to_string().contains("disk on fire"), "{err}");
    assert!(
        err.to_string().contains(&path.display().to_string()),
        "{err}"
    );
    assert_eq!(fs::read(&path).unwrap(), b"original");
    assert_eq!(mode(&path), 0o644);
    assert_eq!(s.entries(), ["v.tfvars.json"]);
}

#[test]
fn a_directory_at_the_target_is_an_error_naming_it() {
    let s = Scratch::new("target-dir");
    let path = s.path("v.tfvars.json");
    fs::create_dir(&path).unwrap();
    fs::write(path.join("inside"), b"keep").unwrap();
    let err = write_atomic(&path, b"x", false).unwrap_err();
    assert!(
        err.to_string()
            .starts_with(&format!("cannot write `{}`: ", path.display())),
        "{err}"
    );
    assert!(path.is_dir());
    assert_eq!(fs::read(path.join("inside")).unwrap(), b"keep");
    assert_eq!(s.entries(), ["v.tfvars.json"]);
}

#[test]
fn a_file_in_the_parent_path_is_an_error_naming_the_target() {
    let s = Scratch::new("parent-file");
    fs::write(s.path("plain"), b"keep").unwrap();
    let path = s.path("plain").join("v.tfvars.json");
    let err = write_atomic(&path, b"x", false).unwrap_err();
    assert!(
        err.to_string()
            .starts_with(&format!("cannot write `{}`: ", path.display())),
        "{err}"
    );
    assert_eq!(fs::read(s.path("plain")).unwrap(), b"keep");
    assert_eq!(s.entries(), ["plain"]);
}

#[test]
fn a_path_without_a_file_name_is_an_error() {
    let err = write_atomic(Path::new("/"), b"x", false).unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
    assert_eq!(err.to_string(), "cannot write `/`: it does not name a file");
}

#[test]
fn a_symlink_at_the_target_is_replaced_not_written_through() {
    let s = Scratch::new("symlink-target");
    fs::create_dir(s.path("elsewhere")).unwrap();
    let victim = s.path("elsewhere").join("victim");
    fs::write(&victim, b"someone else's file").unwrap();
    fs::set_permissions(&victim, fs::Permissions::from_mode(0o644)).unwrap();
    let path = s.path("v.tfvars.json");
    symlink(&victim, &path).unwrap();

    write_atomic(&path, b"{\"password\": \"x\"}\n", true).unwrap();
    let meta = fs::symlink_metadata(&path).unwrap();
    assert!(meta.file_type().is_file(), "the link is replaced by a file");
    assert_eq!(mode(&path), 0o600);
    assert_eq!(fs::read(&path).unwrap(), b"{\"password\": \"x\"}\n");
    assert_eq!(fs::read(&victim).unwrap(), b"someone else's file");
    assert_eq!(mode(&victim), 0o644);
}

#[test]
fn a_dangling_symlink_at_the_target_does_not_create_its_destination() {
    let s = Scratch::new("dangling-target");
    fs::create_dir(s.path("elsewhere")).unwrap();
    let destination = s.path("elsewhere").join("planted");
    let path = s.path("v.tfvars.json");
    symlink(&destination, &path).unwrap();
    write_atomic(&path, b"secret", true).unwrap();
    assert!(!destination.exists());
    assert!(fs::symlink_metadata(&path).unwrap().file_type().is_file());
    assert_eq!(fs::read(&path).unwrap(), b"secret");
}

#[test]
fn symlinks_planted_at_temporary_names_are_never_followed() {
    // The temporary name is random, so an attacker can only plant links at guessed names;
    // plant links at every name of the old fixed scheme and at the file's own dotted name.
    let s = Scratch::new("planted");
    fs::create_dir(s.path("elsewhere")).unwrap();
    let destination = s.path("elsewhere").join("planted");
    for name in [
        ".v.tfvars.json",
        ".v.tfvars.json.tmp",
        &format!(".v.tfvars.json.{}.0.tmp", std::process::id()),
    ] {
        symlink(&destination, s.path(name)).unwrap();
    }
    write_atomic(&s.path("v.tfvars.json"), b"secret", true).unwrap();
    assert!(!destination.exists());
    assert_eq!(fs::read(s.path("v.tfvars.json")).unwrap(), b"secret");
    assert_eq!(s.entries().len(), 5, "{:?}", s.entries());
}

#[test]
fn concurrent_writers_leave_one_complete_file() {
    let s = Scratch::new("concurrent");
    let path = s.path("v.tfvars.json");
    const SIZE: usize = 256 * 1024;
    let writers: Vec<_> = (0..6u8)
        .map(|i| {
            let path = path.clone();
            std::thread::spawn(move || {
                let content = vec![b'a' + i; SIZE];
                for _ in 0..15 {
                    write_atomic(&path, &content, i % 2 == 0).unwrap();
                }
            })
        })
        .collect();
    // Meanwhile every read sees one writer's complete content.
    let mut reads = 0;
    while writers.iter().any(|w| !w.is_finished()) {
        if let Ok(bytes) = fs::read(&path) {
            assert_eq!(bytes.len(), SIZE);
            assert!(bytes.iter().all(|b| *b == bytes[0]));
            reads += 1;
        }
    }
    for w in writers {
        w.join().unwrap();
    }
    let bytes = fs::read(&path).unwrap();
    assert_eq!(bytes.len(), SIZE);
    assert!(bytes.iter().all(|b| *b == bytes[0]));
    assert!(reads > 0);
    assert_eq!(s.entries(), ["v.tfvars.json"]);
}
