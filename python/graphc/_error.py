"""graphc.Error: what the C++ runtime throws (graphc::Error), raised in Python."""


class Error(Exception):
    """A failure of graphc: a file that does not validate, a kernel or binding that does not
    fit, a failed CUDA call.

    str(error) is the text the CLI prints: every diagnostic as
    ``file:line:col: error[CODE]: message`` with its source line, caret and notes.

    Attributes:
        code: the first error's code ("E0102", "R0001"), or "" when none applies.
        diagnostics: for a file that does not validate, every diagnostic (errors and
            warnings) as graphc.Diagnostic, in the order the text has them; else [].
        file, line, column, message: those of the first error diagnostic, or None (and 0)
            when there is none.
    """

    def __init__(self, text, code="", diagnostics=()):
        super().__init__(text)
        self.code = code
        self.diagnostics = list(diagnostics)
        first = next((d for d in self.diagnostics if d.severity == "error"), None)
        self.file = first.file if first is not None else None
        self.line = first.line if first is not None else 0
        self.column = first.column if first is not None else 0
        self.message = first.message if first is not None else None
