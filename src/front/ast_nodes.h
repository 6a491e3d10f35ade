/* ast_nodes.h: the node classes of CPython 3.11's `ast` module, defined once.
 *
 * One row per class: _(Name, Base, Fields, Attrs)
 *   Base    the class it derives from (AST for the roots of the ASDL types);
 *           rows come after their base, so an enum built from the table
 *           numbers every base before its subclasses.
 *   Fields  the ASDL field list, e.g. "expr* targets, expr value, string?
 *           type_comment" (`*` a list, `?` optional), or NULL for an
 *           abstract class (an ASDL sum type).
 *   Attrs   the position attributes declared by this row: AT_NONE (none, or
 *           inherited from the sum type), AT_POS (lineno, col_offset,
 *           end_lineno?, end_col_offset?) or AT_POS_REQ (all four required,
 *           as pattern's). Only rows derived from AST declare _attributes.
 * Field types are ASDL type names: a row's name, or identifier, string, int,
 * constant. src/mod/_ast.c derives the classes (_fields, __match_args__,
 * _attributes, class defaults None for optional fields, __doc__) and both
 * converters' field names and checks from this table.
 */
#ifndef TPY_AST_NODES_H
#define TPY_AST_NODES_H

enum { AT_NONE, AT_POS, AT_POS_REQ };

#define AST_NODE_DEF(_)                                                                        \
    _(mod, AST, NULL, AT_NONE)                                                                 \
    _(Module, mod, "stmt* body, type_ignore* type_ignores", AT_NONE)                           \
    _(Interactive, mod, "stmt* body", AT_NONE)                                                 \
    _(Expression, mod, "expr body", AT_NONE)                                                   \
    _(FunctionType, mod, "expr* argtypes, expr returns", AT_NONE)                              \
    _(stmt, AST, NULL, AT_POS)                                                                 \
    _(FunctionDef, stmt, "identifier name, arguments args, stmt* body, expr* decorator_list, " \
                         "expr? returns, string? type_comment", AT_NONE)                       \
    _(AsyncFunctionDef, stmt, "identifier name, arguments args, stmt* body, "                  \
                              "expr* decorator_list, expr? returns, string? type_comment",     \
      AT_NONE)                                                                                 \
    _(ClassDef, stmt, "identifier name, expr* bases, keyword* keywords, stmt* body, "          \
                      "expr* decorator_list", AT_NONE)                                         \
    _(Return, stmt, "expr? value", AT_NONE)                                                    \
    _(Delete, stmt, "expr* targets", AT_NONE)                                                  \
    _(Assign, stmt, "expr* targets, expr value, string? type_comment", AT_NONE)                \
    _(AugAssign, stmt, "expr target, operator op, expr value", AT_NONE)                        \
    _(AnnAssign, stmt, "expr target, expr annotation, expr? value, int simple", AT_NONE)       \
    _(For, stmt, "expr target, expr iter, stmt* body, stmt* orelse, string? type_comment",     \
      AT_NONE)                                                                                 \
    _(AsyncFor, stmt, "expr target, expr iter, stmt* body, stmt* orelse, "                     \
                      "string? type_comment", AT_NONE)                                         \
    _(While, stmt, "expr test, stmt* body, stmt* orelse", AT_NONE)                             \
    _(If, stmt, "expr test, stmt* body, stmt* orelse", AT_NONE)                                \
    _(With, stmt, "withitem* items, stmt* body, string? type_comment", AT_NONE)                \
    _(AsyncWith, stmt, "withitem* items, stmt* body, string? type_comment", AT_NONE)           \
    _(Match, stmt, "expr subject, match_case* cases", AT_NONE)                                 \
    _(Raise, stmt, "expr? exc, expr? cause", AT_NONE)                                          \
    _(Try, stmt, "stmt* body, excepthandler* handlers, stmt* orelse, stmt* finalbody",         \
      AT_NONE)                                                                                 \
    _(TryStar, stmt, "stmt* body, excepthandler* handlers, stmt* orelse, stmt* finalbody",     \
      AT_NONE)                                                                                 \
    _(Assert, stmt, "expr test, expr? msg", AT_NONE)                                           \
    _(Import, stmt, "alias* names", AT_NONE)                                                   \
    _(ImportFrom, stmt, "identifier? module, alias* names, int? level", AT_NONE)               \
    _(Global, stmt, "identifier* names", AT_NONE)                                              \
    _(Nonlocal, stmt, "identifier* names", AT_NONE)                                            \
    _(Expr, stmt, "expr value", AT_NONE)                                                       \
    _(Pass, stmt, "", AT_NONE)                                                                 \
    _(Break, stmt, "", AT_NONE)                                                                \
    _(Continue, stmt, "", AT_NONE)                                                             \
    _(expr, AST, NULL, AT_POS)                                                                 \
    _(BoolOp, expr, "boolop op, expr* values", AT_NONE)                                        \
    _(NamedExpr, expr, "expr target, expr value", AT_NONE)                                     \
    _(BinOp, expr, "expr left, operator op, expr right", AT_NONE)                              \
    _(UnaryOp, expr, "unaryop op, expr operand", AT_NONE)                                      \
    _(Lambda, expr, "arguments args, expr body", AT_NONE)                                      \
    _(IfExp, expr, "expr test, expr body, expr orelse", AT_NONE)                               \
    _(Dict, expr, "expr* keys, expr* values", AT_NONE)                                         \
    _(Set, expr, "expr* elts", AT_NONE)                                                        \
    _(ListComp, expr, "expr elt, comprehension* generators", AT_NONE)                          \
    _(SetComp, expr, "expr elt, comprehension* generators", AT_NONE)                           \
    _(DictComp, expr, "expr key, expr value, comprehension* generators", AT_NONE)              \
    _(GeneratorExp, expr, "expr elt, comprehension* generators", AT_NONE)                      \
    _(Await, expr, "expr value", AT_NONE)                                                      \
    _(Yield, expr, "expr? value", AT_NONE)                                                     \
    _(YieldFrom, expr, "expr value", AT_NONE)                                                  \
    _(Compare, expr, "expr left, cmpop* ops, expr* comparators", AT_NONE)                      \
    _(Call, expr, "expr func, expr* args, keyword* keywords", AT_NONE)                         \
    _(FormattedValue, expr, "expr value, int conversion, expr? format_spec", AT_NONE)          \
    _(JoinedStr, expr, "expr* values", AT_NONE)                                                \
    _(Constant, expr, "constant value, string? kind", AT_NONE)                                 \
    _(Attribute, expr, "expr value, identifier attr, expr_context ctx", AT_NONE)               \
    _(Subscript, expr, "expr value, expr slice, expr_context ctx", AT_NONE)                    \
    _(Starred, expr, "expr value, expr_context ctx", AT_NONE)                                  \
    _(Name, expr, "identifier id, expr_context ctx", AT_NONE)                                  \
    _(List, expr, "expr* elts, expr_context ctx", AT_NONE)                                     \
    _(Tuple, expr, "expr* elts, expr_context ctx", AT_NONE)                                    \
    _(Slice, expr, "expr? lower, expr? upper, expr? step", AT_NONE)                            \
    _(expr_context, AST, NULL, AT_NONE)                                                        \
    _(Load, expr_context, "", AT_NONE)                                                         \
    _(Store, expr_context, "", AT_NONE)                                                        \
    _(Del, expr_context, "", AT_NONE)                                                          \
    _(boolop, AST, NULL, AT_NONE)                                                              \
    _(And, boolop, "", AT_NONE)                                                                \
    _(Or, boolop, "", AT_NONE)                                                                 \
    _(operator, AST, NULL, AT_NONE)                                                            \
    _(Add, operator, "", AT_NONE)                                                              \
    _(Sub, operator, "", AT_NONE)                                                              \
    _(Mult, operator, "", AT_NONE)                                                             \
    _(MatMult, operator, "", AT_NONE)                                                          \
    _(Div, operator, "", AT_NONE)                                                              \
    _(Mod, operator, "", AT_NONE)                                                              \
    _(Pow, operator, "", AT_NONE)                                                              \
    _(LShift, operator, "", AT_NONE)                                                           \
    _(RShift, operator, "", AT_NONE)                                                           \
    _(BitOr, operator, "", AT_NONE)                                                            \
    _(BitXor, operator, "", AT_NONE)                                                           \
    _(BitAnd, operator, "", AT_NONE)                                                           \
    _(FloorDiv, operator, "", AT_NONE)                                                         \
    _(unaryop, AST, NULL, AT_NONE)                                                             \
    _(Invert, unaryop, "", AT_NONE)                                                            \
    _(Not, unaryop, "", AT_NONE)                                                               \
    _(UAdd, unaryop, "", AT_NONE)                                                              \
    _(USub, unaryop, "", AT_NONE)                                                              \
    _(cmpop, AST, NULL, AT_NONE)                                                               \
    _(Eq, cmpop, "", AT_NONE)                                                                  \
    _(NotEq, cmpop, "", AT_NONE)                                                               \
    _(Lt, cmpop, "", AT_NONE)                                                                  \
    _(LtE, cmpop, "", AT_NONE)                                                                 \
    _(Gt, cmpop, "", AT_NONE)                                                                  \
    _(GtE, cmpop, "", AT_NONE)                                                                 \
    _(Is, cmpop, "", AT_NONE)                                                                  \
    _(IsNot, cmpop, "", AT_NONE)                                                               \
    _(In, cmpop, "", AT_NONE)                                                                  \
    _(NotIn, cmpop, "", AT_NONE)                                                               \
    _(comprehension, AST, "expr target, expr iter, expr* ifs, int is_async", AT_NONE)          \
    _(excepthandler, AST, NULL, AT_POS)                                                        \
    _(ExceptHandler, excepthandler, "expr? type, identifier? name, stmt* body", AT_NONE)       \
    _(arguments, AST, "arg* posonlyargs, arg* args, arg? vararg, arg* kwonlyargs, "            \
                      "expr* kw_defaults, arg? kwarg, expr* defaults", AT_NONE)                \
    _(arg, AST, "identifier arg, expr? annotation, string? type_comment", AT_POS)              \
    _(keyword, AST, "identifier? arg, expr value", AT_POS)                                     \
    _(alias, AST, "identifier name, identifier? asname", AT_POS)                               \
    _(withitem, AST, "expr context_expr, expr? optional_vars", AT_NONE)                        \
    _(match_case, AST, "pattern pattern, expr? guard, stmt* body", AT_NONE)                    \
    _(pattern, AST, NULL, AT_POS_REQ)                                                          \
    _(MatchValue, pattern, "expr value", AT_NONE)                                              \
    _(MatchSingleton, pattern, "constant value", AT_NONE)                                      \
    _(MatchSequence, pattern, "pattern* patterns", AT_NONE)                                    \
    _(MatchMapping, pattern, "expr* keys, pattern* patterns, identifier? rest", AT_NONE)       \
    _(MatchClass, pattern, "expr cls, pattern* patterns, identifier* kwd_attrs, "              \
                           "pattern* kwd_patterns", AT_NONE)                                   \
    _(MatchStar, pattern, "identifier? name", AT_NONE)                                         \
    _(MatchAs, pattern, "pattern? pattern, identifier? name", AT_NONE)                         \
    _(MatchOr, pattern, "pattern* patterns", AT_NONE)                                          \
    _(type_ignore, AST, NULL, AT_NONE)                                                         \
    _(TypeIgnore, type_ignore, "int lineno, string tag", AT_NONE)

#endif
