"""MyST / Jupyter Book (and Quarto) on the shared walker: solutions linked to their exercise by label
(``{solution} ex-one``, sphinx-exercise) or standing right after it (an admonition titled
"Solution"), and theorem-like directives (sphinx-proof's ``{prf:theorem}``, Quarto's ``::: {#thm-x}``)
announced by their kind."""

from __future__ import annotations

import difflib
import re

from markdown_it.tree import SyntaxTreeNode

from narrate.model import (
    Callout,
)
from narrate.text.readers.markdown.kinds import (
    _QUARTO_NAME,
    PROOF_TITLES,
    QUESTION_KINDS,
    SOLUTION_KINDS,
    _argument,
    _directive,
    _is_solution,
)
from narrate.text.readers.markdown.nodes import _SILENT_NODES, _text
from narrate.text.readers.markdown.walker import WalkerBase


class MystDirectives(WalkerBase):
    """The MyST / Jupyter Book part of the walker (see the module docstring)."""

    def link_solutions(self, nodes: list[SyntaxTreeNode]) -> None:
        """Note the solutions among the top-level ``nodes`` that stand outside their exercise: a
        ``{solution}`` naming an exercise above by label (or right after an exercise no solution
        names: read as its solution, :attr:`relabelled`), an admonition titled "Solution" right after
        an exercise that has none (:attr:`followed`), or after a labelled exercise paragraph
        (:meth:`label_exercise`)."""
        referenced = {
            _argument(n.info) for n in nodes if n.type == "container_div" and _directive(n.info) in SOLUTION_KINDS
        }
        above: set[str] = set()
        previous: SyntaxTreeNode | None = None
        for node in nodes:
            if node.type in _SILENT_NODES:
                continue
            if node.type == "container_div" and _directive(node.info) in SOLUTION_KINDS and _argument(node.info):
                label = _argument(node.info)
                mine = self.label_of(previous) if previous is not None else ""
                if label not in above and mine and mine not in referenced and node.map:
                    self.relabelled[node.map[0] + 1] = (label, mine)  # a solution right after an unsolved exercise
                    label = mine
                self.solved.add(label)
            if node.type == "container_div" and _directive(node.info) in QUESTION_KINDS:
                above.add(self.label_of(node))
            elif previous is not None and self.solution_admonition(node) and not self.holds_solution(previous):
                if previous.map and previous.map[0] + 1 not in self.followed:
                    self.followed[previous.map[0] + 1] = node  # "{exercise}" then "{admonition} Solution"
            elif self.solution_admonition(node):
                self.label_exercise(nodes, node)
            previous = node

    def myst_solution(self, node: SyntaxTreeNode, line: int, arg: str) -> str | None:
        """The argument a MyST ``{solution} label`` (``node``, argument ``arg``) is read with: the label
        of the exercise above it (a solution right after an exercise no solution names is read as its
        solution, with a warning), or None when it is to be read where it stands (no exercise above
        has its label, or that exercise has nothing to read aloud).

        Raises:
            ContentError: no label.
        """
        label = _argument(node.info)
        if node.map and node.map[0] + 1 in self.relabelled:
            written, label = self.relabelled[node.map[0] + 1]
            self.lenient(
                f"'{{solution}} {written}' follows the exercise '{label}', which no solution names, and no "
                f"exercise above has the label '{written}': read as the solution of '{label}', where the "
                "page shows it",
                line,
            )
            arg = label
        if label in self.unprompted or not self.check_label(label, line):
            return None
        return arg

    def holds_solution(self, node: SyntaxTreeNode) -> bool:
        """True for an exercise directive that has a solution inside it or named by its label."""
        if node.type != "container_div" or _directive(node.info) not in QUESTION_KINDS:
            return True  # not an exercise: nothing to attach a solution to
        label = self.label_of(node)
        return (bool(label) and label in self.solved) or any(_is_solution(child, []) for child in (node.children or []))

    def label_of(self, node: SyntaxTreeNode) -> str:
        """The ``:label:`` of a MyST exercise directive (``""`` for any other node)."""
        if node.type != "container_div" or _directive(node.info) not in QUESTION_KINDS or not node.map:
            return ""
        return self.options.get(node.map[0], {}).get("label", "")

    def check_label(self, label: str, line: int) -> bool:
        """A MyST ``{solution} label`` must name an exercise before it (sphinx-exercise links them by
        label); the label is never read aloud. False (with a warning naming it, and the nearest label)
        when no ``{exercise}`` above has it: the solution is then read where it stands, as a callout.

        Raises:
            ContentError: no label.
        """
        if label in self.by_label:
            return True
        if not label:
            self.fail("a '{solution}' needs the label of its exercise (e.g. '{solution} ex-one')", line)
        near = difflib.get_close_matches(label, [x for x in self.labels if x], 1)
        hint = f" (did you mean '{near[0]}'?)" if near else ""
        self.lenient(
            f"'{{solution}} {label}': no exercise above has the label '{label}'{hint}: read as a callout where it stands",
            line,
        )
        return False

    def announced(self, kind: str, name: str, children: list[SyntaxTreeNode], line: int) -> list:
        """A definition, example, theorem, proof ... (:data:`PROOF_TITLES`): announced by its kind in the
        lesson's language, then its name if it has one (the directive's argument, or a first heading):
        "Theorem: Mean value." then its text."""
        nodes = list(children)
        named = _QUARTO_NAME.search(name)  # Quarto: ::: {#thm-pyth name="Pythagoras"}
        name = named.group(2) if named else "" if re.search(r"[={}]", name) else name  # other attributes: no title
        if nodes and nodes[0].type == "heading" and not name:
            name, nodes = _text(nodes[0]), nodes[1:]
        blocks = self.callout_blocks(name or PROOF_TITLES[kind], nodes, line, f"title.{kind}")
        if blocks and isinstance(blocks[0], Callout):
            return blocks
        return [Callout(name or PROOF_TITLES[kind], "", line, f"title.{kind}"), *blocks]  # its text was not words
