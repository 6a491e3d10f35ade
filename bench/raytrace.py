# raytrace: a small recursive ray tracer in the object-oriented style of the
# classic benchmark (own code): Vec objects with operator methods, shapes
# (Sphere, Plane) behind one intersect/normal interface, Material objects with
# diffuse, specular and reflective parts, point lights with shadow rays, and
# reflections to a fixed depth. The checksum sums the 8-bit pixel values.
import math
import sys

N = 150                    # the image is N x N pixels
if len(sys.argv) > 1:
    N = int(sys.argv[1])

EPSILON = 1e-6
MAX_DEPTH = 3


class Vec:
    def __init__(self, x, y, z):
        self.x = x
        self.y = y
        self.z = z

    def __add__(self, other):
        return Vec(self.x + other.x, self.y + other.y, self.z + other.z)

    def __sub__(self, other):
        return Vec(self.x - other.x, self.y - other.y, self.z - other.z)

    def __mul__(self, k):
        return Vec(self.x * k, self.y * k, self.z * k)

    def __neg__(self):
        return Vec(-self.x, -self.y, -self.z)

    def dot(self, other):
        return self.x * other.x + self.y * other.y + self.z * other.z

    def cross(self, other):
        return Vec(self.y * other.z - self.z * other.y,
                   self.z * other.x - self.x * other.z,
                   self.x * other.y - self.y * other.x)

    def length(self):
        return math.sqrt(self.dot(self))

    def normalized(self):
        n = self.length()
        return Vec(self.x / n, self.y / n, self.z / n)

    def reflect(self, normal):
        return self - normal * (2.0 * self.dot(normal))


class Color:
    def __init__(self, r, g, b):
        self.r = r
        self.g = g
        self.b = b

    def __add__(self, other):
        return Color(self.r + other.r, self.g + other.g, self.b + other.b)

    def scale(self, k):
        return Color(self.r * k, self.g * k, self.b * k)

    def mix(self, other):
        return Color(self.r * other.r, self.g * other.g, self.b * other.b)

    def to_bytes(self):
        return (clamp_byte(self.r), clamp_byte(self.g), clamp_byte(self.b))


BLACK = Color(0.0, 0.0, 0.0)


def clamp_byte(v):
    if v <= 0.0:
        return 0
    if v >= 1.0:
        return 255
    return int(v * 255.0 + 0.5)


class Ray:
    def __init__(self, origin, direction):
        self.origin = origin
        self.direction = direction

    def point_at(self, t):
        return self.origin + self.direction * t


class Material:
    def __init__(self, color, diffuse, specular, shininess, reflectivity):
        self.color = color
        self.diffuse = diffuse
        self.specular = specular
        self.shininess = shininess
        self.reflectivity = reflectivity

    def color_at(self, point):
        return self.color


class Checkerboard(Material):
    def __init__(self, color, other, size, diffuse, reflectivity):
        Material.__init__(self, color, diffuse, 0.2, 10, reflectivity)
        self.other = other
        self.size = size

    def color_at(self, point):
        cell = int(math.floor(point.x / self.size)) + int(math.floor(point.z / self.size))
        if cell % 2 == 0:
            return self.color
        return self.other


class Shape:
    def __init__(self, material):
        self.material = material

    def intersect(self, ray):
        raise NotImplementedError

    def normal_at(self, point):
        raise NotImplementedError


class Sphere(Shape):
    def __init__(self, center, radius, material):
        Shape.__init__(self, material)
        self.center = center
        self.radius = radius

    def intersect(self, ray):
        oc = ray.origin - self.center
        b = oc.dot(ray.direction)
        c = oc.dot(oc) - self.radius * self.radius
        disc = b * b - c
        if disc < 0.0:
            return None
        root = math.sqrt(disc)
        t = -b - root
        if t > EPSILON:
            return t
        t = -b + root
        if t > EPSILON:
            return t
        return None

    def normal_at(self, point):
        return (point - self.center).normalized()


class Plane(Shape):
    def __init__(self, point, normal, material):
        Shape.__init__(self, material)
        self.point = point
        self.normal = normal.normalized()

    def intersect(self, ray):
        denom = self.normal.dot(ray.direction)
        if abs(denom) < EPSILON:
            return None
        t = (self.point - ray.origin).dot(self.normal) / denom
        if t > EPSILON:
            return t
        return None

    def normal_at(self, point):
        return self.normal


class Light:
    def __init__(self, position, color):
        self.position = position
        self.color = color


class Hit:
    def __init__(self, shape, t, point, normal):
        self.shape = shape
        self.t = t
        self.point = point
        self.normal = normal


class Scene:
    def __init__(self):
        self.shapes = []
        self.lights = []
        self.ambient = Color(0.08, 0.08, 0.1)
        self.rays = 0

    def nearest(self, ray):
        self.rays += 1
        best = None
        best_t = 1e30
        for shape in self.shapes:
            t = shape.intersect(ray)
            if t is not None and t < best_t:
                best = shape
                best_t = t
        if best is None:
            return None
        point = ray.point_at(best_t)
        return Hit(best, best_t, point, best.normal_at(point))

    def in_shadow(self, point, light):
        to_light = light.position - point
        distance = to_light.length()
        ray = Ray(point, to_light * (1.0 / distance))
        self.rays += 1
        for shape in self.shapes:
            t = shape.intersect(ray)
            if t is not None and t < distance:
                return True
        return False

    def trace(self, ray, depth):
        hit = self.nearest(ray)
        if hit is None:
            # a vertical sky gradient
            k = 0.5 * (ray.direction.y + 1.0)
            return Color(0.3 + 0.2 * k, 0.4 + 0.3 * k, 0.6 + 0.4 * k)
        material = hit.shape.material
        base = material.color_at(hit.point)
        result = base.mix(self.ambient)
        view = -ray.direction
        for light in self.lights:
            if self.in_shadow(hit.point, light):
                continue
            to_light = (light.position - hit.point).normalized()
            lambert = hit.normal.dot(to_light)
            if lambert > 0.0:
                result = result + base.mix(light.color).scale(lambert * material.diffuse)
            half = (to_light + view).normalized()
            spec = hit.normal.dot(half)
            if spec > 0.0 and material.specular > 0.0:
                result = result + light.color.scale(material.specular * spec ** material.shininess)
        if depth < MAX_DEPTH and material.reflectivity > 0.0:
            direction = ray.direction.reflect(hit.normal)
            bounced = self.trace(Ray(hit.point, direction), depth + 1)
            result = result.scale(1.0 - material.reflectivity) + bounced.scale(material.reflectivity)
        return result


class Camera:
    def __init__(self, eye, target, up, fov_degrees):
        self.eye = eye
        self.forward = (target - eye).normalized()
        self.right = self.forward.cross(up).normalized()
        self.up = self.right.cross(self.forward)
        self.half = math.tan(math.radians(fov_degrees) / 2.0)

    def ray_for(self, px, py, width, height):
        sx = (2.0 * (px + 0.5) / width - 1.0) * self.half
        sy = (1.0 - 2.0 * (py + 0.5) / height) * self.half
        direction = (self.forward + self.right * sx + self.up * sy).normalized()
        return Ray(self.eye, direction)


def build_scene():
    scene = Scene()
    red = Material(Color(0.9, 0.2, 0.2), 0.8, 0.6, 30, 0.25)
    glass = Material(Color(0.6, 0.7, 0.9), 0.5, 0.9, 80, 0.6)
    matte = Material(Color(0.3, 0.8, 0.3), 0.9, 0.1, 5, 0.0)
    gold = Material(Color(0.9, 0.75, 0.3), 0.7, 0.8, 50, 0.4)
    floor = Checkerboard(Color(0.9, 0.9, 0.9), Color(0.15, 0.15, 0.2), 1.0, 0.8, 0.3)
    scene.shapes.append(Plane(Vec(0.0, 0.0, 0.0), Vec(0.0, 1.0, 0.0), floor))
    scene.shapes.append(Sphere(Vec(-1.2, 1.0, 0.5), 1.0, red))
    scene.shapes.append(Sphere(Vec(1.1, 0.8, -0.4), 0.8, glass))
    scene.shapes.append(Sphere(Vec(0.2, 0.4, 2.0), 0.4, matte))
    scene.shapes.append(Sphere(Vec(2.4, 0.5, 1.6), 0.5, gold))
    scene.lights.append(Light(Vec(-4.0, 6.0, 5.0), Color(0.8, 0.8, 0.75)))
    scene.lights.append(Light(Vec(5.0, 4.0, 3.0), Color(0.35, 0.35, 0.45)))
    return scene


def render(size):
    scene = build_scene()
    camera = Camera(Vec(0.0, 2.2, 6.5), Vec(0.3, 0.7, 0.0), Vec(0.0, 1.0, 0.0), 55.0)
    total = 0
    rows = []
    for py in range(size):
        row_sum = 0
        for px in range(size):
            r, g, b = scene.trace(camera.ray_for(px, py, size, size), 0).to_bytes()
            row_sum += r * 3 + g * 5 + b * 7
            total += r + g + b
        rows.append(row_sum)
    weighted = 0
    for i in range(len(rows)):
        weighted = (weighted * 31 + rows[i]) % 1000000007
    return total, weighted, scene.rays


def bench():
    total, weighted, rays = render(N)
    return "pixels %d sum %d rows %d rays %d" % (N * N, total, weighted, rays)


if __name__ == "__main__":
    print(bench())
