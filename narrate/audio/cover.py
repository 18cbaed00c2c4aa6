"""Course cover art: the course's own image made podcast-ready, or one generated from its title.

Apple Podcasts requires artwork that is square, 1400–3000 px, RGB, JPEG or PNG. The same file is
embedded in every MP3 (ID3 ``APIC``) and M4B (``covr``) and linked from the feed (``itunes:image``).

* A course cover that already meets the rules is copied byte for byte, once it decoded in full: a
  file cut short (a PNG cut to a third, a truncated JPEG) is refused, not published.
* Any other image (wrong size, not square, CMYK, palette, alpha, GIF, WebP, ...) is converted:
  centre-cropped to a square, scaled into 1400–3000 px, flattened to RGB, saved as PNG.
* Without a course cover, :func:`generate_cover` draws the course title (and author) on a colour
  derived from the title. The bytes are deterministic for a given title, Pillow and FreeType.

Fonts: DejaVu Sans Bold when FreeType can find it (Debian/Ubuntu ``fonts-dejavu-core``), else
Pillow's built-in scalable default font (Pillow ≥ 10.1).
"""

from __future__ import annotations

import colorsys
import hashlib
import io
import re
import struct
import sys
import warnings
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont, UnidentifiedImageError

from narrate.errors import ConfigError, NarrateError
from narrate.limits import MAX_IMAGE_BYTES
from narrate.yamlio import read_bounded

MIN_SIZE = 1400
MAX_SIZE = 3000
DEFAULT_SIZE = 1400
_FONT_NAMES = ("DejaVuSans-Bold.ttf", "DejaVuSans.ttf")


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    for name in _FONT_NAMES:
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    return ImageFont.load_default(size=size)


def _wrap(draw: ImageDraw.ImageDraw, text: str, font, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and draw.textlength(f"{lines[-1]} {word}", font=font) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


def _fit(draw: ImageDraw.ImageDraw, text: str, size: int, box: int, max_lines: int = 5):
    """The largest font (and its wrapped lines) that fits ``text`` into a ``box``-wide square."""
    font_size = size // 8
    while True:
        font = _font(font_size)
        lines = _wrap(draw, text, font, box)
        widest = max(draw.textlength(line, font=font) for line in lines)
        if (
            len(lines) <= max_lines and widest <= box and len(lines) * font_size * 1.25 <= box * 0.7
        ) or font_size <= size // 40:
            return font, lines, font_size
        font_size = int(font_size * 0.9)


def generate_cover(title: str, author: str = "", size: int = DEFAULT_SIZE) -> bytes:
    """A square RGB PNG, ``size`` px (1400–3000), showing ``title`` (and ``author`` below it).

    The background hue is taken from the SHA-256 of the title, so each course gets its own colour
    and the same title always gives the same bytes.

    Raises:
        ValueError: ``size`` outside 1400–3000.
    """
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"cover size must be {MIN_SIZE}–{MAX_SIZE} px, not {size}")
    digest = hashlib.sha256(title.encode("utf-8")).digest()
    hue = digest[0] / 255
    background = tuple(round(c * 255) for c in colorsys.hls_to_rgb(hue, 0.30, 0.55))
    accent = tuple(round(c * 255) for c in colorsys.hls_to_rgb(hue, 0.62, 0.65))
    image = Image.new("RGB", (size, size), background)
    draw = ImageDraw.Draw(image)
    margin = size // 10
    draw.rectangle([margin, margin, size - margin, margin + size // 60], fill=accent)
    draw.rectangle([margin, size - margin - size // 60, size - margin, size - margin], fill=accent)
    font, lines, font_size = _fit(draw, title.strip() or "Untitled course", size, size - 2 * margin)
    line_height = round(font_size * 1.25)
    author_font = _font(size // 28)
    block = len(lines) * line_height + (size // 14 if author else 0)
    y = (size - block) // 2
    for line in lines:
        draw.text((size // 2, y), line, font=font, fill=(255, 255, 255), anchor="ma")
        y += line_height
    if author:
        draw.text((size // 2, y + size // 28), author.strip(), font=author_font, fill=accent, anchor="ma")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False, compress_level=9)
    return out.getvalue()


class ImageTooLarge(ValueError):
    """An image with more pixels than Pillow decodes safely (``PIL.Image.MAX_IMAGE_PIXELS``): a
    small file can declare a huge canvas (a "decompression bomb")."""


@contextmanager
def open_image(source: bytes | Path) -> Iterator[Image.Image]:
    """Open an image (bytes, or a file) with Pillow; only its header is read until ``load()``.

    Raises:
        ImageTooLarge: more than ``PIL.Image.MAX_IMAGE_PIXELS`` pixels (Pillow only warns up to
            twice that; here it is refused as well).
        ValueError: not an image Pillow can read.
    """
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            image = Image.open(io.BytesIO(source) if isinstance(source, bytes) else source)
        except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
            pixels = re.search(r"\((\d+) pixels\)", str(exc))
            size = f"{int(pixels.group(1)):,} pixels" if pixels else "too many pixels"
            raise ImageTooLarge(
                f"image is too large to read safely ({size}; at most {Image.MAX_IMAGE_PIXELS:,})"
            ) from None
        except (UnidentifiedImageError, OSError) as exc:
            raise ValueError(_unreadable(exc)) from None
    with image:
        yield image


_DECODE_ERRORS = (OSError, ValueError, SyntaxError, EOFError, IndexError, struct.error, zlib.error, MemoryError)
"""What Pillow raises on a damaged file while decoding it ("image file is truncated", a bad chunk, ...)."""


def decode(image: Image.Image) -> None:
    """Decode every pixel of an opened image: a file cut short or damaged fails here, not its header.

    Raises:
        ValueError: the image data cannot be decoded (why, in words).
    """
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image.load()
    except Image.DecompressionBombWarning as exc:
        raise ImageTooLarge(f"image is too large to read safely ({exc})") from None
    except _DECODE_ERRORS as exc:  # "not a readable image (image file is truncated)"
        if isinstance(exc, OSError):
            raise ValueError(_unreadable(exc)) from None
        raise ValueError(f"not a readable image ({str(exc).strip() or type(exc).__name__})") from None


def _unreadable(exc: OSError) -> str:
    """Why Pillow could not read an image, in words (never Pillow's ``<_io.BytesIO object at 0x...>``)."""
    if isinstance(exc, UnidentifiedImageError):
        return "not a readable image (not a JPEG, PNG or other image file)"
    detail = re.sub(r"\s*<[^<>]* object at 0x[0-9a-fA-F]+>", "", str(exc)).strip() or type(exc).__name__
    return f"not a readable image ({detail})"


def cover_problems(data: bytes) -> list[str]:
    """Why an image is not podcast-ready (empty list: it is). Decodes it in full (:func:`decode`), then
    checks format, mode, squareness, size."""
    try:
        with open_image(data) as image:
            fmt, mode, (width, height) = image.format, image.mode, image.size
            decode(image)
    except ValueError as exc:
        return [str(exc)]
    problems = []
    if fmt not in ("JPEG", "PNG"):
        problems.append(f"format {fmt} (JPEG or PNG expected)")
    if mode != "RGB":
        problems.append(f"colour mode {mode} (RGB expected)")
    if width != height:
        problems.append(f"{width}×{height} is not square")
    if not MIN_SIZE <= min(width, height) or max(width, height) > MAX_SIZE:
        problems.append(f"{width}×{height} outside {MIN_SIZE}–{MAX_SIZE} px")
    return problems


def geometry_warning(width: int, height: int) -> str | None:
    """What conforming a ``width`` × ``height`` px cover does to its picture, as one sentence, or None
    when it is kept as drawn (square, 1400–3000 px): centre-cropping and upscaling lose detail."""
    side = min(width, height)
    target = min(MAX_SIZE, max(MIN_SIZE, side))
    if width == height and target <= side:
        return None  # kept, or scaled down: nothing a podcast app shows is lost
    done = []
    if width != height:
        done.append(f"centre-cropped to {side}×{side} (not square: its edges are cut off)")
    if target > side:
        done.append(f"upscaled to {target}×{target} (under {MIN_SIZE} px: it will look blurry)")
    elif target < side:
        done.append(f"scaled down to {target}×{target}")
    return f"cover is {width}×{height} px: " + " and ".join(done) + f"; give a square image of {MIN_SIZE}–{MAX_SIZE} px"


def conform_cover(data: bytes) -> tuple[bytes, str]:
    """Make an image podcast-ready: ``(bytes, extension)``; unchanged when it already is.

    Raises:
        ValueError: the data is not an image Pillow can read, or too large to (:class:`ImageTooLarge`).
    """
    if not cover_problems(data):
        with open_image(data) as image:
            return data, ".jpg" if image.format == "JPEG" else ".png"
    try:
        with open_image(data) as image:
            decode(image)
            if image.mode in ("RGBA", "LA", "P", "PA"):
                rgba = image.convert("RGBA")
                image = Image.new("RGB", rgba.size, (255, 255, 255))
                image.paste(rgba, mask=rgba.getchannel("A"))
            else:
                image = image.convert("RGB")
    except (UnidentifiedImageError, OSError) as exc:
        raise ValueError(_unreadable(exc)) from exc
    width, height = image.size
    side = min(width, height)
    image = image.crop(
        ((width - side) // 2, (height - side) // 2, (width - side) // 2 + side, (height - side) // 2 + side)
    )
    target = min(MAX_SIZE, max(MIN_SIZE, side))
    if target != side:
        image = image.resize((target, target), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False, compress_level=9)
    return out.getvalue(), ".png"


def conform_file(source: Path, blame: Path | None = None, line: int | None = None) -> tuple[bytes, str]:
    """:func:`conform_cover` of an image file, printing one ``Warning: <file>: ...`` line on stderr
    when its picture is cropped or upscaled (:func:`geometry_warning`).

    Raises:
        ConfigError: not a readable image, not a regular file, or over :data:`~narrate.limits.MAX_IMAGE_BYTES`
            (at ``blame``:``line``, the setting naming it, when given; else naming the file).
    """
    try:
        raw = read_bounded(source, MAX_IMAGE_BYTES, ConfigError)  # a regular file, never more than the limit
        data, ext = conform_cover(raw)
    except NarrateError as exc:
        if blame is None:
            raise ConfigError(f"cover image: {exc.problem}", source) from None
        raise ConfigError(f"image '{source.name}': {exc.problem}", blame, line) from None
    except (ValueError, OSError) as exc:
        if blame is None:
            raise ConfigError(f"cover image: {exc}", source) from None
        raise ConfigError(f"image '{source.name}': {exc}", blame, line) from None
    if data != raw:
        with open_image(raw) as image:
            warning = geometry_warning(*image.size)
        if warning:
            print(f"Warning: {source}: {warning}", file=sys.stderr)
    return data, ext


def write_cover(
    out_dir: Path,
    *,
    title: str,
    author: str = "",
    source: Path | None = None,
    blame: Path | None = None,
    line: int | None = None,
) -> str:
    """Write ``OUT/cover.png`` (or ``cover.jpg``) and return its name relative to ``out_dir``.

    ``source`` is the course's cover (conformed with :func:`conform_cover`; when that crops or
    upscales it, one ``Warning: <file>: ...`` line on stderr says so, see :func:`geometry_warning`);
    without one a cover is generated from ``title`` and ``author``. Written beside the target and
    renamed into place.

    Raises:
        ConfigError: ``source`` is not a readable image (naming the file).
    """
    if source is not None:
        data, ext = conform_file(Path(source), blame, line)
    else:
        data, ext = generate_cover(title, author), ".png"
    name = f"cover{ext}"
    for stale in ("cover.png", "cover.jpg"):
        if stale != name:
            (out_dir / stale).unlink(missing_ok=True)
    target = out_dir / name
    if not target.is_file() or target.read_bytes() != data:
        tmp = out_dir / f".{name}.part"
        tmp.write_bytes(data)
        tmp.replace(target)
    return name
