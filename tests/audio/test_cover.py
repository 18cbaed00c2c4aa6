"""Cover art: generated from the title (square, 1400 px, RGB PNG, deterministic) or conformed."""

from __future__ import annotations

import io
import re

import pytest
from click.testing import CliRunner
from helpers import huge_png
from PIL import Image

from narrate.audio.cover import (
    ImageTooLarge,
    conform_cover,
    cover_problems,
    generate_cover,
    geometry_warning,
    write_cover,
)
from narrate.cli import main
from narrate.errors import ConfigError


def _image(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


@pytest.mark.e2e  # Pillow at 1400-3000 px: about a CPU-second
def test_generated_cover_is_podcast_ready_and_deterministic():
    data = generate_cover("Ελληνικά & Čeština: a course", "Someone")
    image = _image(data)
    assert (image.format, image.mode, image.size) == ("PNG", "RGB", (1400, 1400))
    assert cover_problems(data) == []
    assert generate_cover("Ελληνικά & Čeština: a course", "Someone") == data
    assert generate_cover("Another course", "Someone") != data
    assert _image(generate_cover("Big", size=3000)).size == (3000, 3000)
    with pytest.raises(ValueError, match="1400–3000"):
        generate_cover("Too small", size=600)


def test_a_ready_cover_is_kept_byte_for_byte():
    data = generate_cover("Ready")
    assert conform_cover(data) == (data, ".png")


@pytest.mark.e2e  # Pillow at 1400-3000 px: about a CPU-second
def test_other_images_are_cropped_scaled_and_flattened():
    source = io.BytesIO()
    Image.new("RGBA", (900, 600), (10, 20, 30, 128)).save(source, format="PNG")
    assert set(cover_problems(source.getvalue())) == {
        "colour mode RGBA (RGB expected)",
        "900×600 is not square",
        "900×600 outside 1400–3000 px",
    }
    data, ext = conform_cover(source.getvalue())
    image = _image(data)
    assert (ext, image.format, image.mode, image.size) == (".png", "PNG", "RGB", (1400, 1400))
    big = io.BytesIO()
    Image.new("CMYK", (4000, 4000)).save(big, format="JPEG")
    assert _image(conform_cover(big.getvalue())[0]).size == (3000, 3000)


def test_write_cover(tmp_path):
    assert write_cover(tmp_path, title="Course", author="A") == "cover.png"
    assert (tmp_path / "cover.png").read_bytes() == generate_cover("Course", "A")
    bad = tmp_path / "bad.png"
    bad.write_bytes(b"not an image")
    with pytest.raises(ConfigError, match="cover image: not a readable image"):
        write_cover(tmp_path, title="Course", source=bad)


@pytest.mark.parametrize(
    "size, warning",
    [
        ((1400, 1400), None),
        ((3000, 3000), None),
        ((4000, 4000), None),  # scaled down: nothing lost
        (
            (300, 300),
            "cover is 300×300 px: upscaled to 1400×1400 (under 1400 px: it will look blurry); "
            "give a square image of 1400–3000 px",
        ),
        (
            (2400, 1400),
            "cover is 2400×1400 px: centre-cropped to 1400×1400 (not square: its edges are cut off); "
            "give a square image of 1400–3000 px",
        ),
        (
            (800, 600),
            "cover is 800×600 px: centre-cropped to 600×600 (not square: its edges are cut off) and upscaled to "
            "1400×1400 (under 1400 px: it will look blurry); give a square image of 1400–3000 px",
        ),
        (
            (5000, 3500),
            "cover is 5000×3500 px: centre-cropped to 3500×3500 (not square: its edges are cut off) and scaled "
            "down to 3000×3000; give a square image of 1400–3000 px",
        ),
    ],
)
def test_geometry_warning(size, warning):
    assert geometry_warning(*size) == warning


def test_an_upscaled_cover_gives_one_warning_line(tmp_path, capsys):
    source = tmp_path / "small.png"
    Image.new("RGB", (300, 300), (10, 120, 80)).save(source)
    (tmp_path / "out").mkdir()
    assert write_cover(tmp_path / "out", title="T", source=source) == "cover.png"
    assert capsys.readouterr().err.splitlines() == [
        f"Warning: {source}: cover is 300×300 px: upscaled to 1400×1400 (under 1400 px: it will look blurry); "
        "give a square image of 1400–3000 px"
    ]
    ready = tmp_path / "ready.png"
    Image.new("RGB", (1400, 1400), (10, 120, 80)).save(ready)
    write_cover(tmp_path / "out", title="T", source=ready)
    assert capsys.readouterr().err == ""


BOMBS = [
    # (width, height, pixels in the message): over Pillow's error limit, and over its warning limit
    (40000, 40000, "1,600,000,000"),
    (10000, 10000, "100,000,000"),
]


@pytest.mark.e2e  # Pillow at 1400-3000 px: about a CPU-second
def test_a_decompression_bomb_cover_is_one_error_not_a_traceback(tmp_path):
    for width, height, pixels in BOMBS:
        bomb = tmp_path / f"bomb-{width}.png"
        bomb.write_bytes(huge_png(width, height))
        message = f"image is too large to read safely ({pixels} pixels; at most {Image.MAX_IMAGE_PIXELS:,})"
        assert cover_problems(bomb.read_bytes()) == [message]
        with pytest.raises(ImageTooLarge, match=re.escape(message)):
            conform_cover(bomb.read_bytes())
        with pytest.raises(ConfigError) as info:
            write_cover(tmp_path, title="Course", source=bomb)
        assert (info.value.file, info.value.problem) == (bomb, f"cover image: {message}")


def test_a_decompression_bomb_cover_stops_the_build_with_one_line(tmp_path):
    course = tmp_path / "course"
    (course / "lessons").mkdir(parents=True)
    (course / "course.yaml").write_text("title: Knots\ncover: bomb.png\n")
    (course / "lessons" / "01-bowline.md").write_text("# Bowline\n\n## Tying\n\nMake a loop.\n")
    (course / "bomb.png").write_bytes(huge_png(40000, 40000))
    result = CliRunner().invoke(main, ["build", str(course), "-o", str(tmp_path / "out"), "-q", "--jobs", "1"])
    assert result.exit_code == 1, result.output
    assert result.stderr == (
        f"Error: {course / 'course.yaml'}:2: image 'bomb.png': image is too large to read safely "
        f"(1,600,000,000 pixels; at most {Image.MAX_IMAGE_PIXELS:,})\n"
    )
