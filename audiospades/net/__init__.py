"""Online play: the table server, its typed messages and its database.

- :mod:`audiospades.net.protocol`: every message, typed and validated (msgspec);
- :mod:`audiospades.net.codec`: seat views, events and notices on the wire;
- :mod:`audiospades.net.store`: SQLite: players, tables, game records, results;
- :mod:`audiospades.net.server`: the asyncio + websockets server.

See ``docs/protocol.md`` for the messages and their limits.
"""
