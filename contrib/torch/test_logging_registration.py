# Owner(s): ["module: dynamo"]
"""Log names registered from outside torch (pytorch/pytorch#173759).

Runs against a torch with ``register_log.patch`` applied (see README.md here):

    python test_logging_registration.py
"""

import logging
import os
import tempfile
import textwrap
import unittest.mock
import warnings

import torch
import torch._logging
from torch._logging import _internal
from torch.testing._internal.common_utils import TestCase, run_tests

# What an out-of-tree package registers in these tests (forgotten after each test).
LOG, LOG_QNAME = "oot_backend", "oot_pkg.backend"
OTHER_LOG, OTHER_QNAME = "oot_core", "oot_pkg.core"
ARTIFACT = "oot_graph"
NAMES = (LOG, OTHER_LOG, ARTIFACT)


def torch_handlers(logger: logging.Logger) -> list[logging.Handler]:
    return [h for h in logger.handlers if _internal._is_torch_handler(h)]


class OutOfTreeRegistrationTest(TestCase):
    def setUp(self) -> None:
        super().setUp()
        self.addCleanup(self._restore, _internal._get_log_state())
        env = unittest.mock.patch.dict(os.environ)
        env.start()
        self.addCleanup(env.stop)  # runs before _restore
        os.environ.pop("TORCH_LOGS", None)
        _internal._set_log_state(_internal.LogState())

    def _restore(self, prev_state: _internal.LogState) -> None:
        registry = _internal.log_registry
        for name in NAMES:
            registry.log_alias_to_log_qnames.pop(name, None)
            registry.artifact_names.discard(name)
            registry.visible_artifacts.discard(name)
            registry.off_by_default_artifact_names.discard(name)
            registry.artifact_descriptions.pop(name, None)
        registry.artifact_log_qnames -= {
            q for q in registry.artifact_log_qnames if q.startswith("oot_pkg.")
        }
        _internal._set_log_state(prev_state)
        _internal._parse_log_settings.cache_clear()
        _internal._init_logs()

    def torch_logs(self, settings: str) -> None:
        """Set TORCH_LOGS and parse it as the end of ``import torch`` does."""
        os.environ["TORCH_LOGS"] = settings
        _internal._parse_log_settings.cache_clear()
        _internal._init_logs()

    # register_log / register_artifact: public

    def test_register_log_is_public(self) -> None:
        torch._logging.register_log(LOG, [LOG_QNAME])
        torch._logging.register_log(OTHER_LOG, OTHER_QNAME)
        registry = _internal.log_registry
        self.assertTrue(registry.is_log(LOG))
        self.assertEqual(registry.log_alias_to_log_qnames[LOG], [LOG_QNAME])
        self.assertEqual(registry.log_alias_to_log_qnames[OTHER_LOG], [OTHER_QNAME])

    def test_register_log_again(self) -> None:
        torch._logging.register_log(LOG, [LOG_QNAME])
        torch._logging.register_log(LOG, LOG_QNAME)  # the same: nothing happens
        with self.assertRaisesRegex(ValueError, "already registered"):
            torch._logging.register_log(LOG, ["somewhere.else"])
        with self.assertRaisesRegex(ValueError, "already registered"):
            torch._logging.register_log("dynamo", [LOG_QNAME])
        registry = _internal.log_registry
        self.assertEqual(registry.log_alias_to_log_qnames[LOG], [LOG_QNAME])
        self.assertIn("torch._dynamo", registry.log_alias_to_log_qnames["dynamo"])

    def test_register_artifact_is_public(self) -> None:
        torch._logging.register_artifact(ARTIFACT, "oot graphs", off_by_default=True)
        torch._logging.register_artifact(ARTIFACT, "oot graphs", off_by_default=True)
        self.assertTrue(_internal.log_registry.is_artifact(ARTIFACT))
        log = torch._logging.getArtifactLogger(LOG_QNAME, ARTIFACT)
        self.assertEqual(log.name, f"{LOG_QNAME}.__{ARTIFACT}")
        with self.assertRaisesRegex(ValueError, "already registered"):
            torch._logging.register_artifact(ARTIFACT, "something else")
        with self.assertRaisesRegex(ValueError, "already registered as a log"):
            torch._logging.register_artifact("dynamo", "not an artifact")
        with self.assertRaisesRegex(ValueError, "already registered as an artifact"):
            torch._logging.register_log(ARTIFACT, LOG_QNAME)

    # set_logs: a registered name is a keyword

    def test_set_logs_registered_log(self) -> None:
        torch._logging.register_log(LOG, LOG_QNAME)
        torch._logging.register_log(OTHER_LOG, OTHER_QNAME)
        torch._logging.set_logs(**{LOG: logging.DEBUG})
        logger = logging.getLogger(LOG_QNAME)
        self.assertEqual(logger.level, logging.DEBUG)
        self.assertEqual(len(torch_handlers(logger)), 1)
        self.assertEqual(logging.getLogger(OTHER_QNAME).level, logging.NOTSET)

    def test_set_logs_keyword_same_as_modules(self) -> None:
        torch._logging.register_log(LOG, LOG_QNAME)
        torch._logging.set_logs(modules={LOG: logging.INFO})
        by_modules = dict(_internal.log_state.get_log_level_pairs())
        torch._logging.set_logs(**{LOG: logging.INFO})
        self.assertEqual(dict(_internal.log_state.get_log_level_pairs()), by_modules)
        self.assertEqual(by_modules, {LOG_QNAME: logging.INFO})

    def test_set_logs_registered_artifact(self) -> None:
        torch._logging.register_artifact(ARTIFACT, "oot graphs", off_by_default=True)
        log = torch._logging.getArtifactLogger(LOG_QNAME, ARTIFACT)
        torch._logging.set_logs(**{ARTIFACT: True})
        self.assertTrue(_internal.log_state.is_artifact_enabled(ARTIFACT))
        self.assertEqual(log.level, logging.DEBUG)

    def test_set_logs_unknown_keyword(self) -> None:
        torch._logging.register_log(LOG, LOG_QNAME)
        torch._logging.set_logs(**{LOG: logging.DEBUG})
        for name in ("oot_not_registered", "torch"):
            with self.subTest(name=name):
                with self.assertRaisesRegex(TypeError, f"'{name}'.*register_log"):
                    torch._logging.set_logs(**{name: logging.INFO})
        # nothing was applied: the earlier call's setting stands
        self.assertEqual(logging.getLogger(LOG_QNAME).level, logging.DEBUG)

    def test_set_logs_registered_values_checked(self) -> None:
        torch._logging.register_log(LOG, LOG_QNAME)
        torch._logging.register_artifact(ARTIFACT, "oot graphs")
        with self.assertRaisesRegex(ValueError, "Unrecognized log level"):
            torch._logging.set_logs(**{LOG: 5})
        with self.assertRaisesRegex(ValueError, "Expected bool"):
            torch._logging.set_logs(**{ARTIFACT: logging.DEBUG})

    # TORCH_LOGS: an unknown name waits for its registration

    def test_unregistered_name_is_kept(self) -> None:
        self.torch_logs(f"+{LOG},dynamo,oot_missing_pkg.sub")  # does not raise
        state = _internal.log_state
        self.assertEqual(
            state.unregistered_names,
            {LOG: logging.DEBUG, "oot_missing_pkg.sub": logging.INFO},
        )
        self.assertEqual(state.log_qname_to_level["torch._dynamo"], logging.INFO)

    def test_registration_applies_kept_name(self) -> None:
        for prefix, level in (("+", logging.DEBUG), ("", logging.INFO), ("-", logging.ERROR)):
            with self.subTest(setting=prefix + LOG):
                self.torch_logs(f"{prefix}{LOG}")
                logger = logging.getLogger(LOG_QNAME)
                torch._logging.register_log(LOG, LOG_QNAME)
                self.assertEqual(logger.level, level)
                self.assertEqual(len(torch_handlers(logger)), 1)
                self.assertFalse(logger.propagate)
                self.assertEqual(_internal.log_state.unregistered_names, {})
                torch._logging.check_logs()  # nothing unknown is left
                _internal.log_registry.log_alias_to_log_qnames.pop(LOG)

    def test_registration_applies_kept_artifact(self) -> None:
        self.torch_logs(ARTIFACT)
        torch._logging.register_artifact(ARTIFACT, "oot graphs", off_by_default=True)
        self.assertTrue(_internal.log_state.is_artifact_enabled(ARTIFACT))
        log = torch._logging.getArtifactLogger(LOG_QNAME, ARTIFACT)
        self.assertTrue(log.isEnabledFor(logging.DEBUG))

    def test_check_logs_reports_unknown_names(self) -> None:
        torch._logging.register_log(LOG, LOG_QNAME)
        self.torch_logs(f"{LOG},oot_typo")
        with self.assertRaises(ValueError) as raised:
            torch._logging.check_logs()
        lines = str(raised.exception).split("\n")
        # the message TORCH_LOGS gave inside `import torch`, about the unknown name
        self.assertIn("Invalid log settings: oot_typo,", lines[1])
        self.assertEqual(lines[-4], 'For more info on various settings, try TORCH_LOGS="help"')
        self.assertEqual(lines[-3], "Valid settings:")
        self.assertIn(LOG, lines[-2].split(", "))
        self.assertLess(len(lines), 50)

    def test_first_compile_and_export_warn(self) -> None:
        self.torch_logs("oot_typo")
        with self.assertWarnsRegex(UserWarning, "Invalid log settings: oot_typo,"):
            torch.compile(backend="eager")
        with self.assertWarnsRegex(UserWarning, "Invalid log settings: oot_typo,"):
            # the check comes first: no need to trace anything
            with self.assertRaises(ValueError):
                torch.export.export(object(), ())

    def test_no_warning_once_registered(self) -> None:
        self.torch_logs(LOG)
        torch._logging.register_log(LOG, LOG_QNAME)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            torch.compile(backend="eager")
        self.assertEqual([str(w.message) for w in caught], [])

    # `import torch` itself, in a new process

    def run_import(self, code: str, **env: str) -> tuple[str, str]:
        """Run ``code`` in a new interpreter; TORCH_LOGS and autoload as ``env`` says."""
        full_env = {k: v for k, v in os.environ.items() if k != "TORCH_LOGS"}
        full_env.update({"TORCH_DEVICE_BACKEND_AUTOLOAD": "0", **env})
        stdout, stderr = self.run_process_no_exception(textwrap.dedent(code), env=full_env)
        return stdout.decode(), stderr.decode()

    def test_import_torch_keeps_unknown_name(self) -> None:
        stdout, stderr = self.run_import(
            f"""\
            import logging
            import torch
            torch._logging.register_log({LOG!r}, {LOG_QNAME!r})
            print(logging.getLogger({LOG_QNAME!r}).level)
            logging.getLogger({LOG_QNAME!r}).debug("oot debug line")
            """,
            TORCH_LOGS=f"+{LOG},dynamo",
        )
        self.assertNotIn("Traceback", stderr)
        self.assertEqual(stdout.strip(), str(logging.DEBUG))
        self.assertIn("oot debug line", stderr)

    def write_backend(self, folder: str, entry_points: str) -> None:
        """An installed distribution with ``torch.backends`` entry points, in ``folder``."""
        dist = os.path.join(folder, "oot_backend-0.0.dist-info")
        os.mkdir(dist)
        with open(os.path.join(dist, "METADATA"), "w") as f:
            f.write("Metadata-Version: 2.1\nName: oot-backend\nVersion: 0.0\n")
        with open(os.path.join(dist, "entry_points.txt"), "w") as f:
            f.write("[torch.backends]\n" + textwrap.dedent(entry_points))
        with open(os.path.join(folder, "oot_backend_hook.py"), "w") as f:
            f.write(
                textwrap.dedent(
                    f"""\
                    import torch._logging

                    def broken():
                        raise RuntimeError("oot backend is broken")

                    def register():
                        torch._logging.register_log({LOG!r}, {LOG_QNAME!r})
                    """
                )
            )

    def import_with_backend(self, entry_points: str, **env: str) -> tuple[str, str]:
        with tempfile.TemporaryDirectory() as folder:
            self.write_backend(folder, entry_points)
            path = os.pathsep.join(p for p in (os.environ.get("PYTHONPATH"), folder) if p)
            return self.run_import(
                """\
                import logging
                import warnings
                with warnings.catch_warnings(record=True) as caught:
                    warnings.simplefilter("always")
                    import torch
                for w in caught:
                    if "backend extension" in str(w.message):
                        print("warning:", w.category.__name__, w.message)
                print("level:", logging.getLogger("oot_pkg.backend").level)
                """,
                PYTHONPATH=path,
                TORCH_DEVICE_BACKEND_AUTOLOAD="1",
                **env,
            )

    def test_failing_backend_entry_point_warns(self) -> None:
        stdout, stderr = self.import_with_backend(
            """\
            oot_raises = oot_backend_hook:broken
            oot_missing = oot_no_such_module:register
            """
        )
        self.assertNotIn("Traceback", stderr)
        # other extensions installed here may warn too: only ours count
        warned = [line for line in stdout.splitlines() if line.startswith("warning:")]
        warned = [line for line in warned if "oot_" in line]
        self.assertEqual(len(warned), 2, stdout)
        raises = [line for line in warned if "oot_raises" in line]
        self.assertEqual(len(raises), 1, stdout)
        self.assertIn("UserWarning", raises[0])
        self.assertIn("oot_backend_hook:broken", raises[0])
        self.assertIn("RuntimeError: oot backend is broken", raises[0])
        missing = [line for line in warned if "oot_missing" in line]
        self.assertIn("ModuleNotFoundError", missing[0])
        self.assertIn("level: 0", stdout)  # import torch went on

    def test_backend_entry_point_registers_in_time(self) -> None:
        stdout, stderr = self.import_with_backend(
            "oot_logs = oot_backend_hook:register\n", TORCH_LOGS=f"+{LOG}"
        )
        self.assertNotIn("Traceback", stderr)
        self.assertNotIn("oot_logs", stdout)  # no warning about it
        self.assertIn(f"level: {logging.DEBUG}", stdout)


if __name__ == "__main__":
    run_tests()
