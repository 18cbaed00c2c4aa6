"""MkDocs lessons on the shared walker: an exercise written as a paragraph that opens with its label
("**Exercise:** ...", "Question 2:") and answered by an "Answer" admonition after it (a quote
titled in bold, ``> **Answer**``, or ``> ###### Answer``)."""

from __future__ import annotations

from markdown_it.tree import SyntaxTreeNode

from narrate.text.readers.markdown.kinds import _EXERCISE_LABEL
from narrate.text.readers.markdown.nodes import _SILENT_NODES, _text
from narrate.text.readers.markdown.walker import WalkerBase


class MkDocsExercises(WalkerBase):
    """The MkDocs part of the walker (see the module docstring)."""

    def label_exercise(self, nodes: list[SyntaxTreeNode], answer: SyntaxTreeNode) -> None:
        """An exercise written as a paragraph that starts with its label ("**Exercise:** ...", "Question
        2:", "Übung:") and runs on (more paragraphs, code, notes) until an "Answer" admonition: noted so
        that the paragraph is read as a challenge with that answer after the think pause (MkDocs sites)."""
        at = next(i for i, n in enumerate(nodes) if n is answer)
        for start in range(at - 1, -1, -1):
            node = nodes[start]
            if node.type == "heading" or id(node) in self.taken or self.solution_admonition(node):
                return
            if node.type == "paragraph" and _EXERCISE_LABEL.match(_text(node)) and node.map:
                prompt = [n for n in nodes[start:at] if n.type not in _SILENT_NODES]
                self.labelled[id(node)] = [*prompt, answer]
                self.taken.update(id(n) for n in [*prompt[1:], answer])
                self.followed[node.map[0] + 1] = answer
                return
