//! Reading a module's files, at once where the machine has the cores: every primary file, and
//! each part of a large `.tf` file, is read on its own thread, then what they declare is merged
//! in file order.

use std::ops::Range;
use std::path::Path;

use super::{is_override_file, Decls, FileCx, FileDecls};
use crate::error::Problem;
use crate::source::SourceFile;
use crate::{hcl_file, json_file};

/// The size from which a `.tf` file is read in parts, on several threads: smaller modules are
/// read on one thread besides the caller's.
pub const READ_IN_PARTS_FROM: usize = 2 * hcl_file::MIN_PART;

/// One piece of work in reading a module: a file, or a part of a large `.tf` file.
struct Unit {
    /// Which file, in the order given to [`read_sources`].
    file: usize,
    /// The bytes to read, when only a part of the file ([`hcl_file::parts`]).
    part: Option<Range<usize>>,
}

/// What reading a [`Unit`] found.
struct UnitRead {
    decls: FileDecls,
    problems: Vec<Problem>,
    /// A part's top-level attributes, which must not repeat another part's.
    attributes: Vec<String>,
}

/// Reads the files of a module, primary files first, override files after them, into the
/// module's declarations.
///
/// Primary files are read at once, on up to `workers` threads, and a large `.tf`
/// file is read in parts (see [`hcl_file::parts`]); what they declare is then merged in file
/// order, so that the result and every problem are those of reading one file after another.
/// A file whose parts do not each parse cleanly is read again whole. Override files are read
/// and merged last, one by one.
pub(super) fn read_sources(
    sources: Vec<SourceFile>,
    problems: &mut Vec<Problem>,
    workers: usize,
) -> Decls {
    let files: Vec<SourceFile> = sources
        .into_iter()
        .map(|f| if is_json(&f) { f } else { f.without_bom() })
        .collect();
    let is_override: Vec<bool> = files
        .iter()
        .map(|f| is_override_file(Path::new(&f.name)))
        .collect();
    let mut units = Vec::new();
    for (i, file) in files.iter().enumerate() {
        if is_override[i] {
            continue;
        }
        let parts = if is_json(file) {
            Vec::new()
        } else {
            hcl_file::parts(&file.text, workers * crate::parallel::TASKS_PER_WORKER)
        };
        if parts.len() > 1 {
            units.extend(parts.into_iter().map(|p| Unit {
                file: i,
                part: Some(p),
            }));
        } else {
            units.push(Unit {
                file: i,
                part: None,
            });
        }
    }
    let reads = crate::parallel::map(&units, Some(crate::lower::PARSE_STACK), |unit| {
        read_unit(&files[unit.file], unit.part.clone(), false)
    });

    let mut decls = Decls::default();
    let mut reads = units.iter().zip(reads).peekable();
    for (i, file) in files.iter().enumerate() {
        let mut cx = FileCx {
            file,
            problems,
            is_override: is_override[i],
        };
        let read = if is_override[i] {
            read_unit(file, None, true)
        } else {
            let mut parts = Vec::new();
            while let Some((_, read)) = reads.next_if(|(u, _)| u.file == i) {
                parts.push(read);
            }
            whole_file(parts).or_else(|| read_unit(file, None, false))
        };
        if let Some(read) = read {
            cx.problems.extend(read.problems);
            decls.absorb(&mut cx, read.decls);
        }
    }
    decls
}

/// The parts of a file put back together, or `None` when one of them could not be read on its
/// own or two of them set the same top-level attribute (which only a read of the whole file
/// reports as it should).
fn whole_file(parts: Vec<Option<UnitRead>>) -> Option<UnitRead> {
    let mut whole: Option<UnitRead> = None;
    let mut attributes = std::collections::HashSet::new();
    for part in parts {
        let part = part?;
        for a in &part.attributes {
            if !attributes.insert(a.clone()) {
                return None;
            }
        }
        match &mut whole {
            None => whole = Some(part),
            Some(w) => {
                w.decls.variables.extend(part.decls.variables);
                w.decls.locals.extend(part.decls.locals);
                w.decls.references.extend(part.decls.references);
                w.problems.extend(part.problems);
            }
        }
    }
    whole
}

fn is_json(file: &SourceFile) -> bool {
    file.name.ends_with(".tf.json")
}

/// Reads one file, or the part `part` of a `.tf` file: `.tf.json` as HCL's JSON syntax,
/// anything else as native syntax. `None` only for a part that must be read with the whole
/// file ([`hcl_file::read_part`]).
fn read_unit(file: &SourceFile, part: Option<Range<usize>>, is_override: bool) -> Option<UnitRead> {
    let mut problems = Vec::new();
    let mut decls = FileDecls::default();
    let mut cx = FileCx {
        file,
        problems: &mut problems,
        is_override,
    };
    let mut attributes = Vec::new();
    match part {
        Some(part) => attributes = hcl_file::read_part(&mut cx, part, &mut decls)?,
        None if is_json(file) => json_file::read(&mut cx, &mut decls),
        None => hcl_file::read(&mut cx, &mut decls),
    }
    Some(UnitRead {
        decls,
        problems,
        attributes,
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

    /// About `bytes` of well-formed variables, named `{prefix}_N`.
    fn filler(prefix: &str, bytes: usize) -> String {
        let mut out = String::new();
        let mut i = 0;
        while out.len() < bytes {
            out.push_str(&format!(
                "variable \"{prefix}_{i}\" {{\n  type    = object({{ a = optional(number, 3) }})\n  \
                 default = {{ a = {i} }}\n\n  validation {{\n    condition     = \
                 var.{prefix}_{i}.a >= 0\n    error_message = \"Negative.\"\n  }}\n}}\n\n"
            ));
            i += 1;
        }
        out
    }

    /// Loads `sources` on one thread, every file read whole, and on `workers` threads, large
    /// files read in parts; the two must agree in everything, problems included.
    fn load_both_ways(sources: Vec<SourceFile>, workers: usize) -> Result<Module, LoadError> {
        let dir = Path::new("module");
        let one = load_sources_on(dir, sources.clone(), 1);
        let many = load_sources_on(dir, sources, workers);
        assert_eq!(format!("{one:#?}"), format!("{many:#?}"));
        many
    }

    fn tf(name: &str, text: String) -> SourceFile {
        SourceFile::new(name, name, text)
    }

    #[test]
    fn every_fixture_padded_to_split_loads_as_when_read_whole() {
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
                if name.ends_with(".tf") && !name.contains("override") {
                    let text = format!(
                        "{}{text}\n{}",
                        filler("before", 40_000),
                        filler("after", 40_000)
                    );
                    sources.push(tf(&name, text));
                } else if name.ends_with(".tf") || name.ends_with(".tf.json") {
                    sources.push(tf(&name, text));
                }
            }
            if sources.is_empty() {
                continue;
            }
            let _ = load_both_ways(sources, 2);
        }
    }

    #[test]
    fn the_large_module_is_read_in_parts() {
        let path = modules().join("large/variables.tf");
        let file = SourceFile::read(&path).unwrap();
        let parts = hcl_file::parts(&file.text, 4);
        assert_eq!(parts.len(), 4);
        for part in parts {
            let mut problems = Vec::new();
            let mut cx = FileCx {
                file: &file,
                problems: &mut problems,
                is_override: false,
            };
            let mut decls = FileDecls::default();
            assert!(
                hcl_file::read_part(&mut cx, part.clone(), &mut decls).is_some(),
                "part {part:?} needed the whole file"
            );
            assert!(problems.is_empty());
            assert!(!decls.variables.is_empty());
        }
        let module = load_both_ways(vec![file], 4).unwrap();
        assert_eq!(module.variables().len(), 250);
    }

    #[test]
    fn a_split_that_only_looks_like_a_block_start_falls_back_to_the_whole_file() {
        let lookalike = "}\n\nvariable \"inside\" {\n  type = string\n".repeat(3_000);
        for (start, end) in [("locals {\n  doc = <<EOT\n", "EOT\n}\n"), ("/*\n", "*/\n")] {
            let before = format!("{}{start}", filler("a", 40_000));
            let text = format!("{before}{lookalike}{end}{}", filler("b", 40_000));
            let parts = hcl_file::parts(&text, 2);
            assert_eq!(parts.len(), 2);
            assert!((before.len()..before.len() + lookalike.len()).contains(&parts[1].start));
            let file = tf("main.tf", text.clone());
            let mut problems = Vec::new();
            let mut cx = FileCx {
                file: &file,
                problems: &mut problems,
                is_override: false,
            };
            let first = hcl_file::read_part(&mut cx, parts[0].clone(), &mut FileDecls::default());
            assert!(first.is_none(), "the part ending inside {start:?} was read");
            let module = load_both_ways(vec![file], 2).unwrap();
            assert!(!module.variables().iter().any(|v| v.name == "inside"));
        }
    }

    #[test]
    fn names_repeated_across_parts_are_reported_as_in_one_file() {
        for (first, last) in [
            ("variable \"dup\" {}\n", "variable \"dup\" {}\n"),
            ("locals {\n  l = 1\n}\n", "locals {\n  l = 2\n}\n"),
            ("x = 1\n", "x = 2\n"),
        ] {
            let text = format!(
                "{first}{}{}{last}",
                filler("a", 80_000),
                filler("b", 80_000)
            );
            assert_eq!(hcl_file::parts(&text, 2).len(), 2);
            let err = load_both_ways(vec![tf("main.tf", text)], 2).unwrap_err();
            assert!(!err.problems.is_empty());
        }
    }

    #[test]
    fn a_syntax_error_in_one_part_is_reported_as_in_one_file() {
        let text = format!(
            "{}{}variable \"broken\" {{\n  type = list(\n}}\n",
            filler("a", 80_000),
            filler("b", 80_000)
        );
        let err = load_both_ways(vec![tf("main.tf", text)], 2).unwrap_err();
        assert_eq!(err.problems.len(), 1, "{:?}", err.problems);
    }
}
