"""The package's version is the crates' version (docs/releases.md), read by maturin from
python/Cargo.toml, which states the workspace's version."""

import re
from importlib.metadata import version
from pathlib import Path

import tabula

REPO = Path(__file__).resolve().parents[2]


def stated(manifest: Path, table: str) -> str:
    """The `version = "..."` of `table` in a Cargo manifest."""
    text = manifest.read_text()
    body = text.split(f"[{table}]", 1)[1].split("\n[", 1)[0]
    return re.search(r'^version\s*=\s*"([^"]+)"', body, re.M).group(1)


def test_the_version_is_the_crates_version():
    crates = stated(REPO / "Cargo.toml", "workspace.package")
    assert stated(REPO / "python" / "Cargo.toml", "package") == crates
    assert tabula.__version__ == crates
    assert version("tabula") == crates
