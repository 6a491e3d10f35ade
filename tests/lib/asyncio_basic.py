# asyncio on tpy's _socket and select: sleep, gather, tasks, queues,
# timeouts, streams over TCP on 127.0.0.1 and over a socketpair
import asyncio, socket

async def tick(n, d):
    await asyncio.sleep(d)
    return n * 2

async def handle(reader, writer):
    while True:
        line = await reader.readline()
        if not line:
            break
        writer.write(line.upper())
        await writer.drain()
    writer.close()
    await writer.wait_closed()

async def producer(q):
    for i in range(5):
        await q.put(i)
        await asyncio.sleep(0)
    await q.put(None)

async def consumer(q):
    got = []
    while (x := await q.get()) is not None:
        got.append(x)
    return got

async def main():
    print(await asyncio.gather(tick(1, 0.02), tick(2, 0.01), tick(3, 0)))
    t = asyncio.create_task(tick(5, 0))
    print(await t, t.done(), t.result())
    try:
        await asyncio.wait_for(asyncio.sleep(10), 0.01)
    except asyncio.TimeoutError:
        print("wait_for timed out")
    q = asyncio.Queue()
    print((await asyncio.gather(producer(q), consumer(q)))[1])
    loop = asyncio.get_running_loop()
    fut = loop.create_future()
    loop.call_later(0.01, fut.set_result, "later")
    print(await fut)
    print(await loop.run_in_executor(None, sum, [1, 2, 3]))

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    async with server:
        r, w = await asyncio.open_connection("127.0.0.1", port)
        for msg in (b"hello\n", b"world\n"):
            w.write(msg)
            await w.drain()
            print(await r.readline())
        w.write(b"x" * 50000 + b"\n")
        await w.drain()
        print(len(await r.readline()))
        w.close()
        await w.wait_closed()
        # many clients at once
        async def client(i):
            r, w = await asyncio.open_connection("127.0.0.1", port)
            w.write(b"client %d\n" % i)
            line = await r.readline()
            w.close()
            await w.wait_closed()
            return line
        print(await asyncio.gather(*(client(i) for i in range(5))))

    a, b = socket.socketpair()
    r1, w1 = await asyncio.open_connection(sock=a)
    r2, w2 = await asyncio.open_connection(sock=b)
    w1.write(b"over a pair\n")
    print(await r2.readline())
    w1.close(); w2.close()
    await w1.wait_closed(); await w2.wait_closed()

    # the loop's low-level socket calls
    a, b = socket.socketpair()
    a.setblocking(False); b.setblocking(False)
    await loop.sock_sendall(a, b"raw bytes")
    print(await loop.sock_recv(b, 100))
    a.close(); b.close()

asyncio.run(main())
print("done")
