# spectral_norm: the classic spectral-norm computation of the infinite
# matrix A(i,j) = 1/((i+j)(i+j+1)/2 + i + 1), by power iteration on
# A^T A, with plain loops and function calls.
import sys
import math

N = 480
if len(sys.argv) > 1:
    N = int(sys.argv[1])


def a_elem(i, j):
    ij = i + j
    return 1.0 / (ij * (ij + 1) // 2 + i + 1)


def mul_av(v, out):
    n = len(v)
    for i in range(n):
        s = 0.0
        for j in range(n):
            s += a_elem(i, j) * v[j]
        out[i] = s


def mul_atv(v, out):
    n = len(v)
    for i in range(n):
        s = 0.0
        for j in range(n):
            s += a_elem(j, i) * v[j]
        out[i] = s


def mul_atav(v, out, tmp):
    mul_av(v, tmp)
    mul_atv(tmp, out)


def bench():
    report = []
    n = N
    u = [1.0] * n
    v = [0.0] * n
    tmp = [0.0] * n
    for it in range(10):
        mul_atav(u, v, tmp)
        mul_atav(v, u, tmp)
    vbv = 0.0
    vv = 0.0
    for i in range(n):
        vbv += u[i] * v[i]
        vv += v[i] * v[i]
    report.append("%.9f" % math.sqrt(vbv / vv))
    return "\n".join(report)


if __name__ == "__main__":
    print(bench())
