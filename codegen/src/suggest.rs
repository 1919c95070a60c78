//! "Did you mean …?" for a misspelt argument or block type, as HCL words it when a body does
//! not fit its schema.

use tfvars_hcl::name_suggestion;

/// The detail HCL gives for an argument a body's schema does not have: a suggestion among the
/// `arguments` the body does not already set (`is_set`), or else, when a block type has the
/// name, a hint to write a block.
pub(crate) fn unsupported_argument(
    name: &str,
    arguments: &[&str],
    is_set: impl Fn(&str) -> bool,
    block_types: &[&str],
) -> String {
    let hint = match name_suggestion(name, arguments.iter().copied().filter(|a| !is_set(a))) {
        Some(s) => format!(" Did you mean \"{s}\"?"),
        None if block_types.contains(&name) => {
            format!(" Did you mean to define a block of type \"{name}\"?")
        }
        None => String::new(),
    };
    format!("An argument named \"{name}\" is not expected here.{hint}")
}

/// The detail HCL gives for a block type a body's schema does not have: a suggestion among the
/// `block_types`, or else, when an argument has the name, a hint to assign it.
pub(crate) fn unsupported_block(kind: &str, block_types: &[&str], arguments: &[&str]) -> String {
    let hint = match name_suggestion(kind, block_types.iter().copied()) {
        Some(s) => format!(" Did you mean \"{s}\"?"),
        None if arguments.contains(&kind) => format!(
            " Did you mean to define argument \"{kind}\"? If so, use the equals sign to assign it \
             a value."
        ),
        None => String::new(),
    };
    format!("Blocks of type \"{kind}\" are not expected here.{hint}")
}

/// The detail HCL's JSON syntax gives for a property a body's schema does not have: one list
/// of suggestions, the arguments the body does not already set (`is_set`), then every block
/// type.
pub(crate) fn extraneous_property(
    name: &str,
    arguments: &[&str],
    is_set: impl Fn(&str) -> bool,
    block_types: &[&str],
) -> String {
    let candidates = arguments
        .iter()
        .filter(|a| !is_set(a))
        .chain(block_types)
        .copied();
    let hint = match name_suggestion(name, candidates) {
        Some(s) => format!(" Did you mean \"{s}\"?"),
        None => String::new(),
    };
    format!("No argument or block type is named \"{name}\".{hint}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn details_are_worded_as_terraform_words_them() {
        let args = ["description", "default", "type"];
        assert_eq!(
            unsupported_argument("typ", &args, |_| false, &["validation"]),
            "An argument named \"typ\" is not expected here. Did you mean \"type\"?"
        );
        // An argument already set is not suggested.
        assert_eq!(
            unsupported_argument("typ", &args, |a| a == "type", &["validation"]),
            "An argument named \"typ\" is not expected here."
        );
        assert_eq!(
            unsupported_argument("validation", &args, |_| false, &["validation"]),
            "An argument named \"validation\" is not expected here. Did you mean to define a \
             block of type \"validation\"?"
        );
        assert_eq!(
            unsupported_block("default", &["validation"], &args),
            "Blocks of type \"default\" are not expected here. Did you mean to define argument \
             \"default\"? If so, use the equals sign to assign it a value."
        );
        assert_eq!(
            extraneous_property("validaton", &args, |_| false, &["validation"]),
            "No argument or block type is named \"validaton\". Did you mean \"validation\"?"
        );
    }
}
