//! Dependency cycles between validation rules and local values, which Terraform rejects when it
//! builds its graph, before any value is checked.
//!
//! The graph has one node per variable's validation rules (`var.x (validation)`) and one per
//! local value (`local.y (expand)`). A rule of `x` depends on the locals it uses and on the
//! *validated* value of every other variable it uses; a local depends on the locals and the
//! validated variables it uses. So a rule of `x` that reaches, through locals, a reference to
//! `var.x` is a cycle (`Cycle: local.m (expand), var.x (validation)`), as are rules of two
//! variables that use each other. A local that uses itself directly is Terraform's
//! «Self-referencing local value», reported at the local.

use std::collections::HashSet;

use tfvars_runtime::spec::LocalSpec;
use tfvars_runtime::VariableSpec;

use crate::error::Problem;
use crate::lower::{locals_used, variables_used};
use crate::text_hash::TextMap;

/// Adds a problem for every cycle or, when there is none, every self-referencing local.
pub(super) fn check_cycles(
    variables: &[VariableSpec],
    locals: &[LocalSpec],
    problems: &mut Vec<Problem>,
) {
    let graph = Graph::new(variables, locals);
    let cycles = graph.cycles();
    for component in &cycles {
        let names: Vec<String> = component.iter().map(|&n| graph.label(n)).collect();
        problems.push(Problem::general(format!("Cycle: {}", names.join(", "))));
    }
    // Terraform meets a self-reference only when evaluating, after the graph has no cycles.
    if !cycles.is_empty() {
        return;
    }
    for local in locals {
        if locals_used(&local.expr).contains(&local.name.as_str()) {
            problems.push(Problem::at(
                local.location.clone(),
                format!(
                    "Self-referencing local value: Local value local.{} cannot use its own \
                     result as part of its expression",
                    local.name
                ),
            ));
        }
    }
}

/// Nodes `0..variables` are the variables' rules, the rest the locals, in declaration order.
struct Graph<'a> {
    variables: &'a [VariableSpec],
    locals: &'a [LocalSpec],
    edges: Vec<Vec<usize>>,
}

impl<'a> Graph<'a> {
    fn new(variables: &'a [VariableSpec], locals: &'a [LocalSpec]) -> Graph<'a> {
        let variable_at: TextMap<&str, usize> = variables
            .iter()
            .enumerate()
            .filter(|(_, v)| !v.validations.is_empty())
            .map(|(i, v)| (v.name.as_str(), i))
            .collect();
        let local_at: TextMap<&str, usize> = locals
            .iter()
            .enumerate()
            .map(|(i, l)| (l.name.as_str(), variables.len() + i))
            .collect();
        // Edges to the node a reference waits for; a rule's use of its own variable is the
        // value under test, not a dependency. Undeclared names were reported already.
        let targets = |exprs: &[&tfvars_runtime::Expr], own: Option<&str>| {
            let mut out: Vec<usize> = Vec::new();
            for expr in exprs {
                for name in variables_used(expr) {
                    if Some(name) != own {
                        out.extend(variable_at.get(name));
                    }
                }
                for name in locals_used(expr) {
                    out.extend(local_at.get(name));
                }
            }
            out.sort_unstable();
            out.dedup();
            out
        };
        let mut edges: Vec<Vec<usize>> = variables
            .iter()
            .map(|v| {
                let exprs: Vec<_> = v
                    .validations
                    .iter()
                    .flat_map(|r| [&r.condition, &r.error_message])
                    .collect();
                targets(&exprs, Some(v.name.as_str()))
            })
            .collect();
        edges.extend(locals.iter().map(|l| targets(&[&l.expr], None)));
        Graph {
            variables,
            locals,
            edges,
        }
    }

    fn label(&self, node: usize) -> String {
        match self.variables.get(node) {
            Some(v) => format!("var.{} (validation)", v.name),
            None => format!(
                "local.{} (expand)",
                self.locals[node - self.variables.len()].name
            ),
        }
    }

    /// The strongly connected components of more than one node (Tarjan's algorithm, without
    /// recursion, so a chain of thousands of locals cannot overflow the stack), each listed
    /// dependencies first, starting from the node declared first, as Terraform lists them.
    fn cycles(&self) -> Vec<Vec<usize>> {
        const UNSEEN: usize = usize::MAX;
        let n = self.edges.len();
        let mut index = vec![UNSEEN; n];
        let mut low = vec![0; n];
        let mut on_stack = vec![false; n];
        let mut stack: Vec<usize> = Vec::new();
        let mut next = 0;
        let mut found = Vec::new();
        for root in 0..n {
            if index[root] != UNSEEN {
                continue;
            }
            // (node, position of the next edge to follow)
            let mut work: Vec<(usize, usize)> = vec![(root, 0)];
            index[root] = next;
            low[root] = next;
            next += 1;
            stack.push(root);
            on_stack[root] = true;
            while let Some(&mut (node, ref mut edge)) = work.last_mut() {
                if let Some(&to) = self.edges[node].get(*edge) {
                    *edge += 1;
                    if index[to] == UNSEEN {
                        index[to] = next;
                        low[to] = next;
                        next += 1;
                        stack.push(to);
                        on_stack[to] = true;
                        work.push((to, 0));
                    } else if on_stack[to] {
                        low[node] = low[node].min(index[to]);
                    }
                    continue;
                }
                work.pop();
                if let Some(&(parent, _)) = work.last() {
                    low[parent] = low[parent].min(low[node]);
                }
                if low[node] == index[node] {
                    let mut component = Vec::new();
                    while let Some(member) = stack.pop() {
                        on_stack[member] = false;
                        component.push(member);
                        if member == node {
                            break;
                        }
                    }
                    if component.len() > 1 {
                        found.push(self.ordered(component));
                    }
                }
            }
        }
        found.sort();
        found
    }

    /// The members of a component in the order a walk of its edges from its first-declared
    /// member visits them, reversed: each node follows the ones it depends on.
    fn ordered(&self, component: Vec<usize>) -> Vec<usize> {
        let start = *component.iter().min().expect("a component has members");
        let mut unvisited: HashSet<usize> = component.into_iter().collect();
        unvisited.remove(&start);
        let mut seen = vec![start];
        let mut work = vec![start];
        while let Some(node) = work.pop() {
            for &to in self.edges[node].iter().rev() {
                if unvisited.remove(&to) {
                    seen.push(to);
                    work.push(to);
                }
            }
        }
        seen.reverse();
        seen
    }
}

#[cfg(test)]
mod tests {
    use crate::loader::load_sources;
    use crate::source::SourceFile;

    /// The problems of loading `text` as `main.tf`, one line each.
    fn problems(text: &str) -> Vec<String> {
        match load_sources(
            "m",
            vec![SourceFile::new("main.tf", "m/main.tf", text.into())],
        ) {
            Ok(_) => Vec::new(),
            Err(e) => e
                .problems
                .iter()
                .map(|p| match &p.location {
                    Some(l) => format!("{}:{}:{}: {}", l.file, l.line, l.column, p.message),
                    None => p.message.clone(),
                })
                .collect(),
        }
    }

    fn rule(var: &str, condition: &str) -> String {
        format!(
            "variable \"{var}\" {{\n  type = string\n  validation {{\n    condition     = {condition}\n    error_message = \"no\"\n  }}\n}}\n"
        )
    }

    #[test]
    fn a_rule_reaching_its_own_variable_through_locals_is_a_cycle() {
        let text = rule("a", "var.a != \"\" && local.ok")
            + "locals {\n  ok = local.z\n  z  = length(var.a) > 0\n}\n";
        assert_eq!(
            problems(&text),
            ["Cycle: local.z (expand), local.ok (expand), var.a (validation)"]
        );
    }

    #[test]
    fn rules_of_two_variables_reaching_each_other_are_one_cycle() {
        let text = rule("a", "var.a != \"\" && local.p")
            + &rule("b", "var.b != \"\" && local.q")
            + "locals {\n  p = var.b != \"\"\n  q = var.a != \"\"\n}\n";
        assert_eq!(
            problems(&text),
            ["Cycle: local.q (expand), var.b (validation), local.p (expand), var.a (validation)"]
        );
    }

    #[test]
    fn rules_and_locals_without_a_loop_are_fine() {
        // `b` reads a local built from `a`, and `a` reads a plain local: no loop.
        let text = rule("a", "contains(local.allowed, var.a)")
            + &rule("b", "var.b != local.from_a")
            + "locals {\n  allowed = [\"x\"]\n  from_a  = \"${var.a}-x\"\n}\n";
        assert_eq!(problems(&text), Vec::<String>::new());
    }

    #[test]
    fn a_self_referencing_local_is_reported_at_the_local_when_there_is_no_cycle() {
        let text = rule("a", "var.a != \"\"") + "locals {\n  s = local.s\n}\n";
        assert_eq!(
            problems(&text),
            ["main.tf:9:3: Self-referencing local value: Local value local.s cannot use its own result as part of its expression"]
        );
    }

    #[test]
    fn a_long_chain_of_locals_is_checked_without_recursion() {
        let mut text = rule("a", "var.a != \"\" && local.l0");
        text.push_str("locals {\n");
        for i in 0..20_000 {
            text.push_str(&format!("  l{i} = local.l{}\n", i + 1));
        }
        text.push_str("  l20000 = var.a == \"\"\n}\n");
        let found = problems(&text);
        assert_eq!(found.len(), 1);
        assert!(found[0].starts_with("Cycle: local.l20000 (expand), local.l19999 (expand)"));
        assert!(found[0].ends_with("local.l0 (expand), var.a (validation)"));
    }
}
