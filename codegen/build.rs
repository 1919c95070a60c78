//! Writes the character classes of `src/schema/nfc.rs` (strings NFC could change, and those with
//! fewer grapheme clusters than characters) as constants, so that no schema pays for computing
//! them from the Unicode tables.

use std::fmt::Write;

#[path = "src/schema/nfc_classes.rs"]
mod nfc_classes;

use nfc_classes::{ascii_images_in, class, joins_cluster, nfc_changeable};

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/schema/nfc_classes.rs");
    let mut out = String::new();
    let _ = writeln!(
        out,
        "/// Strings holding a character NFC could change (a `pattern`).\nconst NFC_CLASS: &str = {:?};",
        class(nfc_changeable)
    );
    let _ = writeln!(
        out,
        "/// Those, and strings with a character that joins a neighbour into one grapheme cluster.\nconst LENGTH_CLASS: &str = {:?};",
        class(|c| nfc_changeable(c) || joins_cluster(c))
    );
    let _ = writeln!(
        out,
        "/// The ASCII characters of the NFC forms of changeable characters.\nconst ASCII_IMAGES: &[char] = &{:?};",
        ascii_images_in(0x80..=0x10FFFF)
    );
    let path = std::path::Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR set by cargo"))
        .join("nfc_classes.rs");
    std::fs::write(&path, out).expect("OUT_DIR writable");
}
