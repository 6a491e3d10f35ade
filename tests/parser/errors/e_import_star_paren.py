from x import (*)
