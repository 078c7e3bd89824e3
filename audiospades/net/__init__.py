"""Online play: the table server, its typed messages, its database, and the client.

The server side:

- :mod:`audiospades.net.protocol`: every message, typed and validated (msgspec);
- :mod:`audiospades.net.wire` and :mod:`audiospades.net.codec`: seat views, events
  and notices on the wire, and their strict conversion;
- :mod:`audiospades.net.store`: SQLite: players, tables, game records, results;
- :mod:`audiospades.net.server`: the asyncio + websockets server, lobby and chat;
- :mod:`audiospades.net.table`, :mod:`audiospades.net.seats` and
  :mod:`audiospades.net.running`: one table, its seats, and its game's clock;
- :mod:`audiospades.net.pool`: computer players thinking in worker processes;
- :mod:`audiospades.net.cli`: ``audiospades serve``.

The client side: :mod:`audiospades.net.client` (the connection),
:mod:`audiospades.net.remote` (the lobby and the table as the game sees them) and
:mod:`audiospades.net.perspective` (the table from one's own chair).

See ``docs/protocol.md`` for the messages and their limits.
"""
