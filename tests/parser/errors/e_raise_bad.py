raise X from
