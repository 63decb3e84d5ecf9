# -*- Python -*-
# lit configuration for sublane's pass tests. Run through CTest, or by hand:
#   /usr/lib/llvm-19/build/utils/lit/lit.py -v build/lit-tests
import os
import lit.formats

config.name = "sublane"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".cpp"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.sublane_obj_root, "lit-tests")
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py.in"]

config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", "")])

# Every opt run loads the plugin and verifies the IR after each pass.
opt = os.path.join(config.llvm_tools_dir, "opt")
config.substitutions.append(
    ("%opt", f"{opt} -load-pass-plugin={config.sublane_plugin} -verify-each"))
config.substitutions.append(("%plugin", config.sublane_plugin))
config.substitutions.append(("%clang_plugin", config.sublane_clang_plugin))
config.substitutions.append(("%clangxx", os.path.join(config.llvm_tools_dir, "clang++")))
config.substitutions.append(("%sublane_include", config.sublane_include))
