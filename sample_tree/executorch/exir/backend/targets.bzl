load("@fbsource//xplat/executorch/build:runtime_wrapper.bzl", "runtime")

def define_common_targets():
    """Targets shared between fbcode and xplat."""

    runtime.python_library(
        name = "backend_api",
        srcs = [
            "__init__.py",
            "backend_api.py",
        ],
        deps = [
            ":utils",
            "//caffe2:torch",
        ],
    )

    runtime.python_library(
        name = "utils",
        srcs = [
            "utils.py",
        ],
    )

    runtime.python_library(
        name = "canonical_partitioners",
        srcs = glob(["canonical_partitioners/*.py"]),
        deps = [
            ":backend_api",
        ] + select({
            "DEFAULT": [],
        }),
    )
