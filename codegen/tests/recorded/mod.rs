//! Terraform's verdicts recorded by a script under `tests/data/` (`cidr_record.py`,
//! `timestamp_record.py`): each case a string and one `T` (accepted) or `.` per parameter the
//! string was judged with (host numbers, formats).

use serde_json::Value as Json;

pub struct Recorded {
    /// The parameters, as recorded.
    pub params: Vec<Json>,
    /// Each string with its verdicts, one per parameter.
    pub cases: Vec<(String, String)>,
}

impl Recorded {
    /// Reads a recording of Terraform 1.11.4 with its parameters under `params` and at least
    /// `at_least` cases.
    pub fn read(text: &str, file: &str, params: &str, at_least: usize) -> Recorded {
        let v: Json = serde_json::from_str(text).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(
            v["terraform"], "1.11.4",
            "{file}: recorded with Terraform 1.11.4"
        );
        let params = v[params]
            .as_array()
            .unwrap_or_else(|| panic!("{file}: `{params}`"))
            .clone();
        let cases: Vec<(String, String)> = v["cases"]
            .as_array()
            .unwrap_or_else(|| panic!("{file}: `cases`"))
            .iter()
            .map(|c| {
                let s = c[0].as_str().expect("string").to_string();
                let verdicts = c[1].as_str().expect("verdicts").to_string();
                assert_eq!(
                    verdicts.len(),
                    params.len(),
                    "{s:?}: one verdict per parameter"
                );
                (s, verdicts)
            })
            .collect();
        assert!(
            cases.len() >= at_least,
            "{file}: the recording holds its cases"
        );
        Recorded { params, cases }
    }

    /// Terraform's verdict on case `case` with parameter `param`.
    pub fn accepted(verdicts: &str, param: usize) -> bool {
        verdicts.as_bytes()[param] == b'T'
    }
}

/// Fails with every verdict that differs from Terraform's.
pub fn assert_agrees(failures: &[String]) {
    assert!(
        failures.is_empty(),
        "{} verdicts differ from Terraform's:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
