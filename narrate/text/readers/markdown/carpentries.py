"""Carpentries lessons on the shared walker: Workbench divs (``::: challenge`` with ``::: solution``,
``objectives``, ``questions``, ``keypoints``) and legacy kramdown quotes (``> ## Challenge`` ...
``{: .challenge}``, nested ``{: .solution}``). A challenge or exercise (of any dialect) with a
solution becomes an open quiz question, read after the think pause; one without, a callout."""

from __future__ import annotations

from markdown_it.tree import SyntaxTreeNode

from narrate.model import (
    BulletList,
)
from narrate.text.readers.dialects import ial_classes
from narrate.text.readers.markdown.kinds import _EXERCISE_LABEL, _SOLUTION_TITLE, LIST_KINDS, LIST_ROLES, _is_solution
from narrate.text.readers.markdown.nodes import _lone_bold, _sentence, _siblings, _text
from narrate.text.readers.markdown.spoken import _KEYPOINTS, _notes, _spoken_text
from narrate.text.readers.markdown.walker import _Q, WalkerBase


class CarpentriesDivs(WalkerBase):
    """The Carpentries part of the walker (see the module docstring)."""

    def exercise(self, arg: str, children: list[SyntaxTreeNode], line: int, options: dict[str, str]) -> list:
        """A challenge or exercise: with a solution, an open quiz question; without one, a callout."""
        nodes = list(children)
        title = arg
        if nodes and nodes[0].type == "heading" and not title:
            title, nodes = _text(nodes[0]), nodes[1:]
        prompt_nodes, solutions = self.prompt_and_solutions(nodes, line)
        prompt_blocks = self.collect(prompt_nodes)
        body = _spoken_text(prompt_blocks, code_cue=True)
        marked = _EXERCISE_LABEL.match(body) if not title else None
        if marked and body[marked.end() :].strip():  # "**Exercise:** Why ...?": the chapter says "Question"
            body = body[marked.end() :].strip()
        prompt = " ".join(p for p in (_sentence(title), body) if p)
        label = options.get("label", "")
        self.labels.append(label)
        if not solutions and label not in self.solved:
            return self.callout_blocks(title or "Exercise", prompt_nodes, line, "" if title else "title.exercise")
        if not prompt.strip():  # only an embed ({h5p}, {iframe}): no question a listener could think about
            self.lenient("exercise has nothing to read aloud: its solution is read as a callout where it stands", line)
            self.unprompted.add(label)
            return [b for n, ln in solutions for b in self.callout_blocks("Solution", n.children, ln, "title.solution")]
        q = _Q(prompt, line, open=True, notes=_notes(prompt_blocks), title=title.strip())  # its chapter's title
        if solutions:
            q.answer = " ".join(self.solution(list(n.children), ln, q.notes) for n, ln in solutions)
            q.answer_line = solutions[0][1]
        if label:
            self.by_label[label] = q
        self.questions.append(q)
        if self.sections:
            self.moved.add(len(self.sections) - 1)
        return []

    def prompt_and_solutions(
        self, nodes: list[SyntaxTreeNode], line: int
    ) -> tuple[list[SyntaxTreeNode], list[tuple[SyntaxTreeNode, int]]]:
        """The nodes of an exercise's prompt, and its solutions with their file lines: those among
        ``nodes`` (a ``solution`` div or quote, with its ``{: .solution}`` line), then one written
        after the exercise that opens on file line ``line`` (:attr:`followed`)."""
        prompt_nodes: list[SyntaxTreeNode] = []
        solutions: list[tuple[SyntaxTreeNode, int]] = []
        skip: set[int] = set()
        for node, classes, _ in _siblings(nodes):
            if _is_solution(node, classes):
                solutions.append((node, self.line(node)))
                skip.add(id(node))
        for node in nodes:  # a solution indented into the list item above it (MyST reads it there)
            if node.type in ("bullet_list", "ordered_list"):
                for item in node.children:
                    for child, classes, _ in _siblings(list(item.children)):
                        if _is_solution(child, classes):
                            solutions.append((child, self.line(child)))
                            self.taken.add(id(child))
        after = self.followed.get(line)
        if after is not None and all(after is not n for n, _ in solutions):
            solutions.append((after, self.line(after)))
            self.taken.add(id(after))
        last_kept = True
        for node in nodes:
            if id(node) in skip:
                last_kept = False
            elif node.type == "html_block" and ial_classes(node.content) is not None and not last_kept:
                continue  # the {: .solution} line of a solution taken out
            else:
                prompt_nodes.append(node)
                last_kept = True
        return prompt_nodes, solutions

    def solution(self, children: list[SyntaxTreeNode], line: int, notes: list | None = None) -> str:
        """The solution's text; its code blocks and tables are added to ``notes`` (the show notes)."""
        nodes = list(children)
        if nodes and nodes[0].type == "heading" and _SOLUTION_TITLE.match(_text(nodes[0])):
            nodes = nodes[1:]
        elif nodes and _SOLUTION_TITLE.match(_lone_bold(nodes[0])):
            nodes = nodes[1:]  # "**Answer**": an MkDocs admonition's title
        blocks = self.collect(nodes)
        if notes is not None:
            notes.extend(_notes(blocks))
        text = _spoken_text(blocks, code_cue=True)
        if not text:
            self.fail("this solution has nothing to read aloud", line)
        return text

    def list_div(self, kind: str, children: list[SyntaxTreeNode], line: int) -> list:
        """An ``objectives``, ``questions``, ``keypoints``, ``prereq`` or ``checklist`` div: one list of
        its items (a paragraph an item), titled by its kind; key points open a section of their own."""
        items: list[str] = []
        for block in self.collect(children):
            items.extend(block.items if isinstance(block, BulletList) else [_spoken_text([block])])
        if kind == "keypoints" and items:
            return [_KEYPOINTS, BulletList(tuple(i for i in items if i), None, line)]
        return [BulletList(tuple(i for i in items if i), LIST_KINDS[kind], line, LIST_ROLES[kind])] if items else []
