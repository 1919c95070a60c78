//! Writes the patterns of `src/schema/nfc.rs` (strings NFC could change, and those with fewer
//! grapheme clusters than characters) and the tables of `src/schema/case.rs` (the
//! characters `lower` and `upper` change) as constants, so that no schema pays for computing them
//! from the Unicode tables.

use std::fmt::Write;

#[path = "src/schema/nfc_classes.rs"]
mod nfc_classes;

#[path = "src/schema/case_pairs.rs"]
mod case_pairs;

use nfc_classes::{
    ascii_images_in, class, inert_ascii, joins_cluster, nfc_changeable, nfc_pattern,
};

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/schema/nfc_classes.rs");
    println!("cargo:rerun-if-changed=src/schema/case_pairs.rs");
    let mut out = String::new();
    let _ = writeln!(
        out,
        "/// Strings NFC could change (a `pattern`).\nconst NFC_PATTERN: &str = {:?};",
        nfc_pattern()
    );
    let _ = writeln!(
        out,
        "/// Those, and strings with a character that joins a neighbour into one grapheme cluster.\nconst LENGTH_CLASS: &str = {:?};",
        class(|c| nfc_changeable(c) || joins_cluster(c))
    );
    let images = ascii_images_in(0x80..=0x10FFFF);
    let _ = writeln!(
        out,
        "/// The ASCII characters of the NFC forms of changeable characters.\nconst ASCII_IMAGES: &[char] = &{:?};",
        images
    );
    let _ = writeln!(
        out,
        "/// The ASCII characters NFC leaves as they are whatever surrounds them.\nconst INERT_ASCII: &[char] = &{:?};",
        inert_ascii(&images)
    );
    write_out("nfc_classes.rs", &out);

    let mut out = String::new();
    for (name, function, map) in [
        (
            "LOWER_PAIRS",
            "lower",
            case_pairs::simple_lower as fn(char) -> char,
        ),
        ("UPPER_PAIRS", "upper", case_pairs::simple_upper),
    ] {
        let _ = writeln!(
            out,
            "/// Every character `{function}` changes, with what it becomes, in code point order.\nconst {name}: &[(char, char)] = &{:?};",
            case_pairs::changed_by(map)
        );
    }
    write_out("case_pairs.rs", &out);
}

/// Writes `text` as the file `name` of the build's output folder.
fn write_out(name: &str, text: &str) {
    let path =
        std::path::Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR set by cargo")).join(name);
    std::fs::write(&path, text).expect("OUT_DIR writable");
}
