# Pygments (Debian's python3-pygments) highlights a source file to HTML,
# to the terminal (16 colours) and to 256 colours.
from pygments import highlight
from pygments.lexers import PythonLexer, get_lexer_by_name
from pygments.formatters import HtmlFormatter, TerminalFormatter, Terminal256Formatter
src = open('/usr/lib/python3.11/textwrap.py', encoding='utf-8').read()[:3000]
print(highlight(src, PythonLexer(), HtmlFormatter(linenos=True)))
print(highlight(src, PythonLexer(), TerminalFormatter()))
print(highlight("int main() { return 0; }", get_lexer_by_name("c"), Terminal256Formatter()))
