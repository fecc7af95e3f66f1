"""Reading a setup sheet's SVG back: the boxes of its labels and of its pieces, its texts."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from course_builder.render.kit.boxes import Box, line_boxes, points_box

SVG = "{http://www.w3.org/2000/svg}"


def _classes(el: ET.Element) -> set[str]:
    return set((el.get("class") or "").split())


def points(el: ET.Element) -> list[tuple[float, float]]:
    return [tuple(map(float, p.split(","))) for p in el.get("points").split()]


def element_boxes(el: ET.Element, inherited_width: float = 0.0) -> list[Box]:
    """The boxes an SVG shape covers (as the renderer reports its pieces)."""
    tag = el.tag.removeprefix(SVG)
    width = float(el.get("stroke-width", inherited_width) or 0.0)
    if el.get("stroke") in (None, "none"):
        width = 0.0
    if tag == "polygon":
        return [points_box(points(el), width / 2)]
    if tag == "polyline":
        return line_boxes(points(el), width)
    if tag == "line":
        return line_boxes([(float(el.get("x1")), float(el.get("y1"))),
                           (float(el.get("x2")), float(el.get("y2")))], width)
    if tag == "circle":
        cx, cy, r = (float(el.get(k)) for k in ("cx", "cy", "r"))
        return [Box(cx - r, cy - r, cx + r, cy + r)]
    return []


def piece_boxes(root: ET.Element) -> dict[str, list[Box]]:
    """Boxes of every piece (groups of class ``piece``) and every spot tick, by group id."""
    out: dict[str, list[Box]] = {}
    for g in root.iter(f"{SVG}g"):
        cls = _classes(g)
        if "piece" in cls or "spot-tick" in cls:
            boxes = out.setdefault(g.get("id"), [])
            for el in g.iter():
                if el is not g:
                    boxes.extend(element_boxes(el))
    return out


def label_boxes(root: ET.Element) -> dict[str, Box]:
    """Each label's halo box, by its text."""
    out = {}
    for g in root.iter(f"{SVG}g"):
        if "label" in _classes(g):
            rect = g.find(f"{SVG}rect")
            x, y, w, h = (float(rect.get(k)) for k in ("x", "y", "width", "height"))
            out[g.find(f"{SVG}text").get("id") or g.find(f"{SVG}text").text] = Box(x, y, x + w,
                                                                                    y + h)
    return out


def overlaps(root: ET.Element) -> list[str]:
    """Every label that overlaps a piece, a spot tick or another label."""
    pieces = piece_boxes(root)
    labels = label_boxes(root)
    found = []
    for name, box in labels.items():
        for piece, boxes in pieces.items():
            if any(box.overlaps(b) for b in boxes):
                found.append(f"{name} over {piece}")
    names = sorted(labels)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if labels[a].overlaps(labels[b]):
                found.append(f"{a} over {b}")
    return found
