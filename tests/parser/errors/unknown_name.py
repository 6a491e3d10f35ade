x = "\N{NO SUCH NAME}"
