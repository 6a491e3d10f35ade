# Jinja2 (Debian's python3-jinja2) renders templates: inheritance,
# loops with filters, macros, autoescaping, filters with arguments.
import jinja2
env = jinja2.Environment(loader=jinja2.DictLoader({
    'base.html': '<title>{% block title %}{% endblock %}</title>{% block body %}{% endblock %}',
    'page.html': '{% extends "base.html" %}{% block title %}{{ title|upper }}{% endblock %}'
                 '{% block body %}<ul>{% for u in users if u.active %}<li>{{ loop.index }}: {{ u.name|e }}</li>{% endfor %}</ul>'
                 '{% macro m(x) %}[{{ x * 2 }}]{% endmacro %}{{ m(21) }} {{ items|join(", ") }} {{ "%5.2f"|format(3.14159) }}{% endblock %}',
}), autoescape=True)
t = env.get_template('page.html')
print(t.render(title="hello", users=[{"name": "<a>", "active": True}, {"name": "b", "active": False}, {"name": "c&d", "active": True}], items=range(4)))
print(jinja2.Template("{{ x | sum }} {{ d | dictsort }} {% set y = x | map('string') | list %}{{ y }}").render(x=[1,2,3], d={'b':1,'a':2}))
