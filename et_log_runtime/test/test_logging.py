"""The logging runtime, in this process: each test puts torch's logging registry and state, this
package's state and the loggers it touches back as they were."""

import copy
import importlib.util
import logging
import os
import unittest
from pathlib import Path
from unittest import mock

import torch

from et_log_runtime import artifact_enabled, get_artifact_logger, get_logger, set_logs
from et_log_runtime.names import (
    APPLE_BACKENDS,
    ARTIFACTS,
    BACKENDS,
    COMPONENTS,
    NOT_BACKENDS,
    OWN_LOGGING,
    TOP,
)
from et_log_runtime.state import STATE

XNN = "executorch.backends.xnnpack.partition.example"
EXIR = "executorch.exir.passes.example"
PINNED = "executorch.backends.xnnpack._passes.example"  # sets its own level, as some do
OUTSIDE = "executorch.examples.example"  # an ExecuTorch logger in no component
_internal = torch._logging._internal
GRAPH = "XNNPACK delegate: the serialized graph of each partition"


class LoggingTestCase(unittest.TestCase):
    def setUp(self) -> None:
        self.saved = (
            copy.deepcopy(_internal.log_registry),
            copy.deepcopy(_internal.log_state),
            STATE.torch,
            set(STATE.names),
            list(STATE.early_artifacts),
        )
        components = [q for qnames in COMPONENTS.values() for q in qnames]
        self.loggers = [
            "",  # the root: a test sets an application's level on it
            TOP,
            *components,
            XNN,
            EXIR,
            PINNED,
            OUTSIDE,
            f"{XNN}.__xnnpack_graph",
        ]
        self.logger_state = [self.config(name) for name in self.loggers]
        self.environment = mock.patch.dict(os.environ)
        self.environment.start()
        os.environ.pop("TORCH_LOGS", None)
        # the artifact these tests use, whatever the table holds (a backend adds its own row
        # with the code that logs to it)
        self.artifacts = mock.patch.dict(
            ARTIFACTS, {"xnnpack_graph": ("xnnpack", GRAPH)}
        )
        self.artifacts.start()

    def tearDown(self) -> None:
        self.environment.stop()  # first: torch's _init_logs below reads TORCH_LOGS
        self.artifacts.stop()
        registry, log_state, STATE.torch, STATE.names, STATE.early_artifacts = (
            self.saved
        )
        _internal.log_registry, _internal.log_state = registry, log_state
        _internal._init_logs()  # torch's own loggers as the saved settings have them
        for name, (level, propagate, handlers) in zip(
            self.loggers, self.logger_state, strict=True
        ):
            log = logging.getLogger(name)
            log.setLevel(level)
            log.propagate = propagate
            log.handlers[:] = handlers

    @staticmethod
    def config(name: str) -> tuple[int, bool, list[logging.Handler]]:
        log = logging.getLogger(name)
        return log.level, log.propagate, list(log.handlers)

    @staticmethod
    def registered(name: str) -> bool:
        registry = _internal.log_registry
        return bool(registry.is_log(name) or registry.is_artifact(name))  # type: ignore[no-untyped-call]


class TestNothingAsked(LoggingTestCase):
    def test_get_logger_is_the_plain_module_logger(self) -> None:
        log = get_logger(XNN)
        self.assertIs(log, logging.getLogger(XNN))
        self.assertEqual(self.config(XNN), (logging.NOTSET, True, []))

    def test_nothing_is_registered_with_torch(self) -> None:
        get_logger(XNN)
        get_artifact_logger(XNN, "xnnpack_graph")
        for name in [*COMPONENTS, *ARTIFACTS]:
            self.assertFalse(self.registered(name), name)
        self.assertEqual(logging.getLogger(TOP).level, logging.NOTSET)

    def test_an_application_handler_gets_the_records(self) -> None:
        with self.assertLogs(
            level=logging.INFO
        ) as seen:  # a handler on the root logger
            get_logger(XNN).info("visiting %s", "aten_add_tensor")
        self.assertEqual(seen.output, [f"INFO:{XNN}:visiting aten_add_tensor"])

    def test_an_artifact_is_off(self) -> None:
        graph = get_artifact_logger(XNN, "xnnpack_graph")
        self.assertFalse(artifact_enabled(graph))
        with self.assertNoLogs(level=logging.DEBUG):
            graph.debug("the graph")


class TestSetLogs(LoggingTestCase):
    def test_a_component_at_debug_the_others_left_as_they_were(self) -> None:
        set_logs("+xnnpack")
        self.assertTrue(self.registered("xnnpack"))
        for name in set(COMPONENTS) - {"xnnpack"}:
            self.assertFalse(self.registered(name), name)
        self.assertEqual(self.config(EXIR), (logging.NOTSET, True, []))
        xnnpack = get_logger(XNN)
        self.assertTrue(xnnpack.isEnabledFor(logging.DEBUG))
        root = logging.getLogger().getEffectiveLevel()  # exir follows the application's
        self.assertEqual(get_logger(EXIR).getEffectiveLevel(), root)
        # torch owns the component's logger now: its handler, no propagation to the root
        owner = logging.getLogger("executorch.backends.xnnpack")
        self.assertFalse(owner.propagate)
        self.assertTrue(owner.handlers)

    def test_each_call_replaces_the_last(self) -> None:
        set_logs("+xnnpack")
        set_logs("executorch")
        self.assertFalse(get_logger(XNN).isEnabledFor(logging.INFO))
        self.assertTrue(get_logger(EXIR).isEnabledFor(logging.INFO))
        self.assertFalse(get_logger(EXIR).isEnabledFor(logging.DEBUG))

    def test_minus_keeps_errors_only(self) -> None:
        set_logs("-xnnpack")
        self.assertFalse(get_logger(XNN).isEnabledFor(logging.WARNING))
        self.assertTrue(get_logger(XNN).isEnabledFor(logging.ERROR))

    def test_keywords(self) -> None:
        set_logs(xnnpack=logging.INFO, executorch="DEBUG", xnnpack_graph=True)
        self.assertTrue(get_logger(XNN).isEnabledFor(logging.INFO))
        self.assertFalse(get_logger(XNN).isEnabledFor(logging.DEBUG))
        self.assertTrue(get_logger(EXIR).isEnabledFor(logging.DEBUG))
        self.assertTrue(artifact_enabled(get_artifact_logger(XNN, "xnnpack_graph")))

    def test_an_artifact_made_before_is_turned_on(self) -> None:
        graph = get_artifact_logger(XNN, "xnnpack_graph")
        set_logs("xnnpack_graph")
        self.assertTrue(artifact_enabled(graph))
        self.assertTrue(artifact_enabled(get_artifact_logger(XNN, "xnnpack_graph")))
        set_logs("+xnnpack")  # a component at DEBUG does not turn its artifact on
        self.assertFalse(artifact_enabled(graph))

    def test_torch_logs_set_registers_nothing(self) -> None:
        os.environ["TORCH_LOGS"] = "+dynamo"
        with self.assertLogs("torch._logging._internal", logging.WARNING) as said:
            set_logs("+xnnpack")  # torch ignores the call while TORCH_LOGS is set
        self.assertIn("ignoring call to set_logs", said.output[0])
        self.assertFalse(self.registered("xnnpack"))
        self.assertEqual(self.config("executorch.backends.xnnpack")[0], logging.NOTSET)


class TestWhatCallersSee(LoggingTestCase):
    """What the first ``set_logs`` changes beyond the components it names."""

    def test_loggers_of_components_not_named_still_reach_the_application(self) -> None:
        """An application at INFO, and modules that set their own level (Core ML's at INFO):
        naming XNNPACK leaves every other ExecuTorch logger a plain library logger."""
        logging.getLogger().setLevel(logging.INFO)  # an application at INFO
        pinned = get_logger("executorch.backends.apple.coreml.partition.example")
        pinned.setLevel(logging.INFO)
        self.loggers.append(pinned.name)
        self.logger_state.append((logging.NOTSET, True, []))
        set_logs("+xnnpack")
        self.assertEqual(logging.getLogger(TOP).level, logging.NOTSET)
        for name in (OUTSIDE, EXIR, pinned.name):
            with self.subTest(name=name), self.assertLogs(level=logging.INFO) as seen:
                get_logger(name).info(
                    "still the application's"
                )  # a handler on the root
            self.assertEqual(seen.output, [f"INFO:{name}:still the application's"])
            self.assertFalse(logging.getLogger(name).handlers)

    def test_the_root_s_handlers_no_longer_receive_a_component_s_records(self) -> None:
        with self.assertLogs(level=logging.DEBUG):  # before: the root's handler gets it
            get_logger(XNN).warning("before")
        set_logs("xnnpack")
        with self.assertNoLogs(level=logging.DEBUG):  # a handler on the root logger
            get_logger(XNN).warning("after: printed by torch's handler on stderr")

    def test_a_module_that_sets_its_own_level_keeps_it(self) -> None:
        get_logger(PINNED).setLevel(logging.WARNING)
        set_logs("+xnnpack")
        self.assertTrue(get_logger(XNN).isEnabledFor(logging.DEBUG))
        self.assertFalse(get_logger(PINNED).isEnabledFor(logging.DEBUG))


class TestBadInput(LoggingTestCase):
    def test_names_torch_does_not_know_from_us(self) -> None:
        for call in (
            lambda: set_logs("dynamo"),
            lambda: set_logs("+executorch.exir"),
            lambda: set_logs(xnnpack="LOUD"),
            lambda: set_logs(xnnpack_graph=logging.DEBUG),
            lambda: set_logs("xnnpack,"),
            lambda: get_artifact_logger(XNN, "graph"),
        ):
            with self.subTest(call=call):
                with self.assertRaises(ValueError):
                    call()
        with self.assertRaises(TypeError):
            set_logs(logging.DEBUG)  # type: ignore[arg-type]
        self.assertFalse(self.registered("xnnpack"))

    def test_a_name_torch_has_already_is_an_error_and_nothing_is_registered(
        self,
    ) -> None:
        _internal.register_log("xnnpack", ["somebody.else"])
        with self.assertRaisesRegex(ValueError, "'xnnpack'"):
            set_logs("+xnnpack", "arm")
        self.assertFalse(self.registered("arm"))
        set_logs("+arm")  # a clash on one name leaves the others usable
        self.assertTrue(get_logger("executorch.backends.arm.example").isEnabledFor(10))


class TestTorchDecides(LoggingTestCase):
    def test_torch_s_own_settings_stay(self) -> None:
        """Ours replace ours; dynamo's setting and torch's artifacts stay as torch had them."""
        dynamo = logging.getLogger("torch._dynamo")
        _internal.set_logs(dynamo=logging.INFO, graph_breaks=True)
        set_logs("+xnnpack")
        self.assertEqual(dynamo.getEffectiveLevel(), logging.INFO)
        self.assertIn("graph_breaks", _internal.log_state.artifact_names)
        xnn = logging.getLogger("executorch.backends.xnnpack")
        self.assertEqual(xnn.getEffectiveLevel(), logging.DEBUG)
        # torch's own call still replaces everything, ours included: torch's rule
        _internal.set_logs(dynamo=logging.INFO)
        self.assertEqual(xnn.level, logging.NOTSET)

    def test_keeping_torch_s_settings_imports_nothing(self) -> None:
        """torch's names go back to torch as names, never as module paths (torch would import
        every module below one: review r01f)."""
        import sys

        _internal.set_logs(dynamo=logging.INFO, inductor=logging.INFO)
        before, settings = (
            set(sys.modules),
            dict(_internal.log_state.log_qname_to_level),
        )
        set_logs("+xnnpack")
        self.assertEqual(set(sys.modules) - before, set())
        ours = {q for q in _internal.log_state.log_qname_to_level if q.startswith(TOP)}
        kept = dict(_internal.log_state.log_qname_to_level)
        self.assertEqual({q: kept[q] for q in kept if q not in ours}, settings)

    def test_a_component_not_named_again_goes_back_to_warning(self) -> None:
        """Whatever the root's level: as torch keeps its own top logger (review r01f)."""
        logging.getLogger().setLevel(logging.DEBUG)  # an application at DEBUG
        set_logs("+xnnpack")
        set_logs("executorch")
        self.assertFalse(get_logger(XNN).isEnabledFor(logging.INFO))
        self.assertTrue(get_logger(XNN).isEnabledFor(logging.WARNING))
        set_logs()
        self.assertFalse(get_logger(EXIR).isEnabledFor(logging.INFO))

    def test_torch_s_settings_are_back_after_each_test(self) -> None:
        """The TORCH_LOGS an earlier test set (test_torch_logs_set_registers_nothing) is gone:
        torch's loggers are at their defaults, nothing of ours registered."""
        self.assertNotIn("TORCH_LOGS", os.environ)
        self.assertEqual(
            logging.getLogger("torch._dynamo").getEffectiveLevel(), logging.WARNING
        )
        self.assertFalse(self.registered("xnnpack"))


class TestNames(unittest.TestCase):
    def test_every_backend_folder_has_a_component(self) -> None:
        top = importlib.util.find_spec("executorch")
        spec = top and importlib.util.find_spec("executorch.backends")
        if spec is None or not spec.submodule_search_locations:
            self.skipTest("no executorch.backends beside this package")
        for root in map(Path, spec.submodule_search_locations):
            for folder, named in ((root, BACKENDS), (root / "apple", APPLE_BACKENDS)):
                found = {
                    p.name
                    for p in folder.iterdir()
                    if p.is_dir() and next(p.rglob("*.py"), None) is not None
                }
                unnamed = found - set(named) - set(NOT_BACKENDS) - set(OWN_LOGGING)
                self.assertEqual(unnamed, set(), f"{folder}: no component for these")


if __name__ == "__main__":
    unittest.main()
