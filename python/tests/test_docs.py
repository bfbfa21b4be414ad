"""Docs that run: every Python code block of docs/*.md, python/README.md and README.md is
executed, each in a fresh namespace in a scratch directory. (The Rust blocks of docs/*.md run
as doc tests of the facade, `src/lib.rs`.) A block that needs an optional extra that is not
installed (open_spiel, gymnasium, pettingzoo) is skipped, naming it."""

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
FILES = sorted(ROOT.glob("docs/*.md")) + [ROOT / "python" / "README.md", ROOT / "README.md"]
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)
BLOCKS = [
    (path, i, code)
    for path in FILES
    if path.exists()
    for i, code in enumerate(BLOCK.findall(path.read_text(encoding="utf-8")))
]
OPTIONAL = {"pyspiel", "open_spiel", "gymnasium", "pettingzoo"}


def test_the_docs_have_python_blocks():
    names = {path.name for path, _, _ in BLOCKS}
    assert {"python.md", "rl.md", "README.md"} <= names, names


@pytest.mark.parametrize(
    "path,index,code",
    BLOCKS,
    ids=[f"{p.relative_to(ROOT)}:{i}" for p, i, _ in BLOCKS],
)
def test_python_block_runs(path, index, code, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    try:
        exec(compile(code, f"{path.relative_to(ROOT)} (python block {index})", "exec"), {"__name__": "__docs__"})
    except ModuleNotFoundError as e:
        if e.name and e.name.split(".")[0] in OPTIONAL:
            pytest.skip(f"needs {e.name}")
        raise
