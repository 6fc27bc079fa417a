#!/usr/bin/env python3
"""A bot of your own, on the Python kit: copy this file, keep the kit
(clients/python/ariadne_client.py) where Python finds it, and change
`explore`. It starts as the classic depth-first search.

    PYTHONPATH=clients/python python3 my_bot.py --url ws://127.0.0.1:8080/ws --seeds 1-20
    ariadne-bot --program "python3 my_bot.py" --bot dfs,frontier --offline --seeds 1-100

(the second measures it beside the bundled bots on the same mazes, with no
server: run with PYTHONPATH set, or with the kit beside this file)."""
import ariadne_client

OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
DELTA = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}


async def explore(drone):
    """Enter a side not yet visited (N, E, S, W in that order), else walk
    back one step; after each treasure, search again from where it stands."""
    visited = {drone.position}
    way_back = []
    found = drone.state["found"]
    while not drone.finished:
        if drone.state["found"] != found:
            found = drone.state["found"]
            visited = {drone.position}
            way_back = []
        x, y = drone.position
        fresh = [d for d in drone.open_sides
                 if (x + DELTA[d][0], y + DELTA[d][1]) not in visited]
        if fresh:
            direction = fresh[0]
            way_back.append(OPPOSITE[direction])
        elif way_back:
            direction = way_back.pop()
        else:
            return  # nothing left to explore: the kit abandons the run
        await drone.move(direction)
        visited.add(drone.position)


ariadne_client.run(explore, bot="my-bot")
