"""`board serve`: the game live in a browser, for the phones and the TV around the table.

state.py turns the game file into the documented state (GET /state.json), page.py draws it as
HTML, watch.py follows the file and tells the connected viewers, app.py is the Starlette
application and cli.py the `board serve` command. Only cli.py is imported by `board`; the web
stack (starlette, uvicorn, sse-starlette: the `serve` extra) is imported when the command runs.
"""
