"""``mkdocs.yml`` is code: a setting not known to be inert (a value breaking out of the theme's inline script
or of ``<head>``, templates, hooks, plugins, snippets outside the repository, an icon that is not a file of
the repository) stops the build with ``mkdocs.yml:LINE: setting: why`` on each engine, before anything is
written, unless the guide trusts it by name under ``plugins.decision-guide.trusted_configuration``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from generator.adapters import config_gate
from tests.conftest import hand_written_project, mkdocs_build

#: Each route: (text added to mkdocs.yml's top level or plugin options, the setting named, why).
ROUTES: dict[str, tuple[str, str, str, str]] = {
    # Material's `__md_scope` inline script prints extra.scope inside a string: its hash would be trusted.
    "config-value-in-theme-script": (
        "settings",
        'extra:\n  scope: "/\\"); alert(1); (\\""',
        "extra.scope",
        "not a setting",
    ),
    # site_author is printed in <head>, unescaped.
    "config-value-in-head": (
        "settings",
        'site_author: \'"><meta http-equiv=refresh content="0;url=//e.example">\'',
        "site_author",
        "expected plain text",
    ),
    "template-option": ("options", "templates: tpl", "plugins.decision-guide.templates", "an option not known"),
    "snippets-outside": (
        "extensions",
        "  - pymdownx.snippets:\n      base_path: ['/']",
        "markdown_extensions.pymdownx.snippets.base_path[0]",
        "'/' leaves the repository",
    ),
    "snippets-parent": (
        "extensions",
        "  - pymdownx.snippets:\n      base_path: ../..",
        "markdown_extensions.pymdownx.snippets.base_path",
        "'../..' leaves the repository",
    ),
    "hooks": ("settings", "hooks: [hook.py]", "hooks", "not a setting known to be inert"),
    "custom-dir": ("theme", "  custom_dir: overrides", "theme.custom_dir", "not a setting known to be inert"),
    "other-plugin": ("plugins", "  - meta", "plugins.meta", "a plugin runs Python"),
    "favicon-elsewhere": (
        "theme",
        "  favicon: ../../../etc/hostname",
        "theme.favicon",
        "'../../../etc/hostname' leaves",
    ),
    # MkDocs resolves python tags while it reads the file (importing the module named); the gate refuses them.
    "yaml-tag": ("settings", "extra:\n  generator: !!python/name:os.getcwd", "extra.generator", "a YAML tag"),
}
#: Routes no trust opens: a path that leaves the repository, a YAML tag (the one reader refuses it wherever it is).
NEVER_TRUSTED = {"snippets-outside", "snippets-parent", "favicon-elsewhere", "yaml-tag"}


def _project(root: Path, where: str, text: str) -> Path:
    (root / "tpl").mkdir(parents=True)
    (root / "overrides").mkdir()
    (root / "hook.py").write_text("import sys\nsys.stderr.write('the hook ran\\n')\n", encoding="utf-8")
    if where in ("settings", "options", "extensions"):
        config = hand_written_project(root, {"notes.md": "# Notes\n"}, **{where: text})
    else:
        config = hand_written_project(root, {"notes.md": "# Notes\n"})
        anchor = "theme:\n  name: material\n" if where == "theme" else "plugins:\n"
        config.write_text(config.read_text(encoding="utf-8").replace(anchor, anchor + text + "\n", 1), encoding="utf-8")
    return config


def _line_of(config: Path, setting: str) -> int:
    last = setting.split(".")[-1].split("[")[0]
    lines = config.read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if line.lstrip(" -").startswith(last))


@pytest.mark.parametrize("engine", ["mkdocs", "zensical"])
@pytest.mark.parametrize("route", list(ROUTES))
def test_a_setting_that_is_code_is_refused_with_its_line(tmp_path: Path, engine: str, route: str) -> None:
    where, text, setting, why = ROUTES[route]
    config = _project(tmp_path, where, text)
    if engine == "mkdocs":
        done = mkdocs_build(config, tmp_path / "site")
        site = tmp_path / "site"
    else:
        command = [sys.executable, "-m", "generator.adapters.zensical", "build", "-f", str(config)]
        done = subprocess.run([*command, "--out", str(tmp_path / "z")], capture_output=True, text=True, timeout=300)
        site = tmp_path / "z"
    assert done.returncode != 0 and "Traceback" not in done.stderr, done.stderr[-3000:]
    # MkDocs imports a hook file while reading its configuration, before any plugin can refuse it;
    # the Zensical adapter and quality.build (make build) check first.
    assert engine == "mkdocs" or "the hook ran" not in done.stdout + done.stderr
    said = f"mkdocs.yml:{_line_of(config, setting)}: {setting}: {why}"
    assert said in done.stderr, (said, done.stderr[-3000:])
    trust = f"list {setting!r} under plugins.decision-guide.trusted_configuration"
    assert (trust in done.stderr) is (route not in NEVER_TRUSTED), done.stderr[-3000:]
    assert not (site / "index.html").exists() and not (site / "site").exists()


@pytest.mark.parametrize("engine", ["mkdocs", "zensical"])
def test_a_missing_theme_icon_is_a_located_error_not_a_traceback(tmp_path: Path, engine: str) -> None:
    config = _project(tmp_path, "theme", "  icon:\n    logo: material/no-such-icon")
    if engine == "mkdocs":
        done = mkdocs_build(config, tmp_path / "site")
    else:
        command = [sys.executable, "-m", "generator.adapters.zensical", "build", "-f", str(config)]
        done = subprocess.run([*command, "--out", str(tmp_path / "z")], capture_output=True, text=True, timeout=300)
    assert done.returncode != 0 and "Traceback" not in done.stderr, done.stderr[-3000:]
    said = f"mkdocs.yml:{_line_of(config, 'logo')}: theme.icon.logo: 'material/no-such-icon' is not one of the theme's"
    assert said in done.stderr, done.stderr[-3000:]


def test_quality_build_refuses_before_a_hook_runs(tmp_path: Path) -> None:
    config = _project(tmp_path, "settings", "hooks: [hook.py]")
    command = [sys.executable, "-m", "quality.build", str(tmp_path / "out"), "-f", str(config)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr[-3000:]
    assert "the hook ran" not in done.stdout + done.stderr
    assert f"mkdocs.yml:{_line_of(config, 'hooks')}: hooks: not a setting known to be inert" in done.stderr


def test_a_trusted_setting_builds(tmp_path: Path) -> None:
    """The same setting, listed by name under the trust key, builds (here: the plugin's templates folder)."""
    config = _project(
        tmp_path,
        "options",
        "templates: tpl\ntrusted_configuration: [plugins.decision-guide.plotly_js, plugins.decision-guide.templates]",
    )
    text = config.read_text(encoding="utf-8")
    config.write_text(text.replace("      trusted_configuration: [plugins.decision-guide.plotly_js]\n", "", 1))
    assert config_gate.problems(config) == []
    done = mkdocs_build(config, tmp_path / "site")
    assert done.returncode == 0, done.stderr[-3000:]


def test_the_shipped_example_and_new_guide_configurations_pass() -> None:
    root = Path(__file__).resolve().parents[1]
    for config in (root / "mkdocs.yml", root / "examples" / "json-libraries" / "mkdocs.yml"):
        assert config_gate.problems(config) == [], config


def test_inherit_checks_the_parent_and_refuses_a_loop(tmp_path: Path) -> None:
    """``INHERIT`` names a configuration file that is checked by the same rules; one that inherits, directly or
    through another, the file that inherits it is refused at its line, never a recursion without end."""
    (tmp_path / "base.yml").write_text("site_name: base\nsite_author: '\"><b>'\n", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text("INHERIT: base.yml\nsite_name: child\n", encoding="utf-8")
    found = [str(p) for p in config_gate.problems(tmp_path / "mkdocs.yml")]
    assert len(found) == 1 and found[0].startswith("base.yml:2: site_author:"), found
    (tmp_path / "mkdocs.yml").write_text("site_name: self\nINHERIT: mkdocs.yml\n", encoding="utf-8")
    found = [str(p) for p in config_gate.problems(tmp_path / "mkdocs.yml")]
    assert found == ["mkdocs.yml:2: INHERIT: 'mkdocs.yml' inherits, through INHERIT, the file that inherits it: a loop"]
    (tmp_path / "base.yml").write_text("site_name: base\nINHERIT: mkdocs.yml\n", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text("INHERIT: base.yml\nsite_name: child\n", encoding="utf-8")
    found = [str(p) for p in config_gate.problems(tmp_path / "mkdocs.yml")]
    assert found == ["base.yml:2: INHERIT: 'mkdocs.yml' inherits, through INHERIT, the file that inherits it: a loop"]
