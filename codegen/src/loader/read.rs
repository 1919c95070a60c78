//! Reading a module's files, at once where the machine has the cores: every primary file is
//! read on its own thread, then what they declare is merged in file order.

use std::path::Path;

use super::{is_override_file, Decls, FileCx, FileRead};
use crate::error::Problem;
use crate::source::SourceFile;
use crate::{hcl_file, json_file};

/// Reads the files of a module, primary files first, override files after them, into the
/// module's declarations.
///
/// Primary files are read at once, on up to `workers()` threads; what they declare is then
/// merged in file order, so that the result and every problem are those of reading one file
/// after another. Override files are read and merged last, one by one. `workers` is asked only
/// when there is work to share (two primary files, or one large enough to split): on Linux the
/// machine's answer reads cgroup files, which would cost a small module's read as much again.
pub(super) fn read_sources(
    sources: Vec<SourceFile>,
    problems: &mut Vec<Problem>,
    workers: impl FnOnce() -> usize,
) -> Decls {
    let files: Vec<SourceFile> = sources
        .into_iter()
        .map(|f| if is_json(&f) { f } else { f.without_bom() })
        .collect();
    let is_override: Vec<bool> = files
        .iter()
        .map(|f| is_override_file(Path::new(&*f.name)))
        .collect();
    let primary: Vec<usize> = (0..files.len()).filter(|&i| !is_override[i]).collect();
    let shareable = primary.len() > 1
        || primary
            .iter()
            .any(|&i| !is_json(&files[i]) && files[i].text.len() >= hcl_file::SPLIT_FILE_BYTES);
    let workers = if shareable { workers() } else { 1 };
    let reads = if workers > 1 {
        // A file's blocks share the cores the other files leave.
        let per_file = (workers / primary.len().max(1)).max(1);
        crate::parallel::map(&primary, |&i| read_file(&files[i], false, per_file))
    } else {
        primary
            .iter()
            .map(|&i| read_file(&files[i], false, 1))
            .collect()
    };

    let mut decls = Decls::default();
    let mut reads = reads.into_iter();
    for (i, file) in files.iter().enumerate() {
        let mut cx = FileCx {
            file,
            problems,
            is_override: is_override[i],
        };
        let read = if is_override[i] {
            read_file(file, true, 1)
        } else {
            reads.next().expect("one read per primary file")
        };
        cx.problems.extend(read.problems);
        decls.absorb(&mut cx, read.decls);
    }
    decls
}

fn is_json(file: &SourceFile) -> bool {
    file.name.ends_with(".tf.json")
}

/// Reads one file: `.tf.json` as HCL's JSON syntax, anything else as native syntax, the
/// blocks of a large one on up to `workers` threads.
fn read_file(file: &SourceFile, is_override: bool, workers: usize) -> FileRead {
    FileRead::of(file, is_override, |cx, decls| {
        if is_json(file) {
            json_file::read(cx, decls);
        } else {
            hcl_file::read(cx, decls, workers);
        }
    })
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::super::load_sources_on;
    use super::*;
    use crate::error::LoadError;
    use crate::model::Module;

    fn modules() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/modules")
    }

    /// Loads `sources` on one thread and on `workers` threads; the two must agree in
    /// everything, problems included.
    fn load_both_ways(sources: Vec<SourceFile>, workers: usize) -> Result<Module, LoadError> {
        let dir = Path::new("module");
        let one = load_sources_on(dir, sources.clone(), || 1);
        let many = load_sources_on(dir, sources, || workers);
        assert_eq!(format!("{one:#?}"), format!("{many:#?}"));
        many
    }

    #[test]
    fn every_fixture_loads_on_several_threads_as_on_one() {
        let mut dirs: Vec<PathBuf> = Vec::new();
        for parent in [modules(), modules().join("bad")] {
            for entry in std::fs::read_dir(parent).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() && path.file_name().is_some_and(|n| n != "bad") {
                    dirs.push(path);
                }
            }
        }
        dirs.sort();
        assert!(dirs.len() > 25, "fixtures found: {dirs:?}");
        for dir in dirs {
            let mut sources = Vec::new();
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                let name = path.file_name().unwrap().to_string_lossy().into_owned();
                let Ok(text) = std::fs::read_to_string(&path) else {
                    continue;
                };
                if name.ends_with(".tf") || name.ends_with(".tf.json") {
                    sources.push(SourceFile::new(&name, &name, text));
                }
            }
            if sources.is_empty() {
                continue;
            }
            let _ = load_both_ways(sources, 2);
        }
    }

    /// A file large enough to be read in parts on several threads, with problems all through
    /// it (bad types, unknown arguments, duplicate names, defaults that do not convert, bad
    /// references in locals, a misspelt block type): the problems come in the order one thread
    /// finds them. Then the same file with a syntax error at its end, which is read whole.
    #[test]
    fn a_large_file_read_on_several_threads_reports_as_on_one() {
        let mut text = String::new();
        for i in 0..1500 {
            let name = if i % 37 == 5 { i - 1 } else { i };
            let ty = match i % 5 {
                0 => "object({ a = optional(number, \"x\"), b = string })",
                1 => "list(strin)",
                2 => "object({ a = optional(map(string), { k = \"v\" }), b = bool })",
                _ => "map(object({ n = optional(list(number), [1, 2]) }))",
            };
            text.push_str(&format!(
                "variable \"v{name}\" {{\n  type = {ty}\n  colour = {i}\n  default = {}\n}}\n",
                if i % 3 == 0 { "{ b = \"x\" }" } else { "null" }
            ));
            if i % 50 == 7 {
                text.push_str(&format!("locals {{\n  l{i} = var.missing{i}\n}}\n"));
            }
            if i % 400 == 9 {
                text.push_str("variabel \"w\" {\n}\n");
            }
        }
        assert!(
            text.len() >= hcl_file::SPLIT_FILE_BYTES,
            "large enough to be split: {}",
            text.len()
        );
        let arena = tfvars_hcl::Arena::new();
        let cuts = tfvars_hcl::body_cuts(&text, 2);
        assert!(
            cuts.len() == 3
                && cuts.windows(2).all(|part| {
                    tfvars_hcl::parse_body_part(&arena, &text, "big.tf", part[0]..part[1]).is_some()
                }),
            "the file is read in two parts: {cuts:?}"
        );
        for syntax_error in ["", "variable \"broken\" {\n  type = list(\n}\n"] {
            let text = format!("{text}{syntax_error}");
            let err = load_both_ways(vec![SourceFile::new("big.tf", "big.tf", text)], 2)
                .expect_err("the file has problems");
            assert!(err.problems.len() > 1500, "{} problems", err.problems.len());
        }
    }
}
