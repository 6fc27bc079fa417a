"""What cluster.py does with the commands typed while a cluster runs:
status, stop|start|restart NODE, restart db, quit (docs/scaling.md)."""


def print_pids(cluster):
    print("  PIDs: " + ", ".join(f"{what} {pid if pid else '(stopped)'}"
                                 for what, pid in cluster.pids()), flush=True)


def command(cluster, line):
    """One command typed while the cluster runs; False to stop it."""
    words = line.split()
    nodes = {cluster.node_name(k): k for k in range(cluster.count)}
    try:
        if not words:
            return True
        if words == ["quit"] or words == ["stop"]:
            return False
        if words == ["status"]:
            print_pids(cluster)
        elif words == ["restart", "db"]:
            cluster.restart_database()
            print(f"postgres restarted (PID {cluster.pg.process.pid})", flush=True)
        elif len(words) == 2 and words[0] in ("stop", "start", "restart") and words[1] in nodes:
            k = nodes[words[1]]
            if words[0] in ("stop", "restart"):
                cluster.stop_node(k)
            if words[0] in ("start", "restart"):
                proc = cluster.nodes[k]
                if proc is not None and proc.poll() is None:
                    print(f"{words[1]} runs already (PID {proc.pid})", flush=True)
                    return True
                cluster.nodes[k] = None  # exited by itself: started again below
                cluster.start_node(k)
            print_pids(cluster)
        else:
            print(f"commands: status, stop|start|restart {'|'.join(nodes)}, restart db, quit",
                  flush=True)
    except RuntimeError as e:
        print(f"cluster.py: {e}", flush=True)
    return True
