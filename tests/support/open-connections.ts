import fs from "node:fs";

/** The socket inodes a process holds open (its file descriptors that are sockets). */
function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    try {
      const target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode) inodes.add(inode);
    } catch {
      // Closed while we looked.
    }
  }
  return inodes;
}

/**
 * How many TCP sockets on `port` a process holds open: its listening socket and every
 * connection it accepted there (not its own connections out, to PostgreSQL or Redis). Read from
 * /proc: the kernel's table of TCP sockets, matched by inode with the process's descriptors.
 */
export function openConnections(pid: number, port: number): number {
  const held = socketInodes(pid);
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  let count = 0;
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, "utf8").split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
      if (fields.length < 10) continue;
      if (fields[1]!.endsWith(`:${hexPort}`) && held.has(fields[9]!)) count++;
    }
  }
  return count;
}
