"""Cover art: generated from the title (square, 1400 px, RGB PNG, deterministic) or conformed."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from narrate.audio.cover import conform_cover, cover_problems, generate_cover, write_cover
from narrate.errors import ConfigError


def _image(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


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
