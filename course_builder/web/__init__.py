"""The local web page of ``course-builder serve``: see a course, place boats, ask for a ruling,
follow and record a game, in the browser.

An outer layer like the command line: it calls the same pure functions (the rules kernel, game
records, the sheet renderer) and holds no rules of its own; the page only displays and sends
requests. :mod:`.app` is the ASGI app, :mod:`.actions` what each request does, :mod:`.state`
the state each request carries, :mod:`.views` what the page is sent, :mod:`.board` the map.
Starlette and uvicorn are imported only here, so other commands start as fast as before.
"""
