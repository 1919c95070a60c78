//! The `tfvars` binary writing to a reader that has gone away (`… 2>&1 | head -1`): it ends
//! quietly, never with a panic (exit status 101) about failing to print.

use std::path::Path;
use std::process::{Command, Stdio};

#[test]
fn a_closed_pipe_ends_the_process_without_a_panic() {
    let module =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/modules/bad/top_level_structure");
    for _ in 0..5 {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tfvars"))
            .args(["validate", "--no-env", "--no-auto-files", "-i"])
            .arg(&module)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("runs");
        // The reader goes away before the process has written anything: its first message
        // meets a closed pipe.
        drop(child.stderr.take());
        let status = child.wait().expect("ends");
        assert_ne!(status.code(), Some(101), "panicked: {status:?}");
    }
}
