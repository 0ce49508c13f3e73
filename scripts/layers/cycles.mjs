// Import cycles for check-layers.mjs: strongly connected components of the import graph, and one
// reported cycle per back edge inside each.

// ---------------------------------------------------------------------------------------
// Cycles: Tarjan's strongly connected components, then, inside each component, a DFS whose
// back edges each close one cycle (reported as the shortest path back through the component).
// Removing every reported back edge would leave the graph acyclic.

function stronglyConnected(nodes, adj) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const sccs = [];
  for (const start of nodes) {
    if (idx.has(start)) continue;
    // Iterative Tarjan.
    const work = [[start, 0]];
    idx.set(start, index);
    low.set(start, index);
    index++;
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [v, k] = frame;
      const succ = adj.get(v) ?? [];
      if (k < succ.length) {
        frame[1]++;
        const w = succ[k];
        if (!idx.has(w)) {
          idx.set(w, index);
          low.set(w, index);
          index++;
          stack.push(w);
          onStack.add(w);
          work.push([w, 0]);
        } else if (onStack.has(w)) {
          low.set(v, Math.min(low.get(v), idx.get(w)));
        }
      } else {
        work.pop();
        if (work.length > 0) {
          const u = work[work.length - 1][0];
          low.set(u, Math.min(low.get(u), low.get(v)));
        }
        if (low.get(v) === idx.get(v)) {
          const scc = [];
          let w;
          do {
            w = stack.pop();
            onStack.delete(w);
            scc.push(w);
          } while (w !== v);
          sccs.push(scc);
        }
      }
    }
  }
  return sccs;
}

function shortestPath(from, to, adj, allowed) {
  const prev = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const v = queue.shift();
    if (v === to) break;
    for (const w of adj.get(v) ?? []) {
      if (allowed.has(w) && !prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  const path = [];
  for (let v = to; v !== null; v = prev.get(v)) path.unshift(v);
  return path;
}

export function findCycles(nodes, adj) {
  const cycles = [];
  for (const scc of stronglyConnected(nodes, adj)) {
    const members = new Set(scc);
    const selfLoop = scc.length === 1 && (adj.get(scc[0]) ?? []).includes(scc[0]);
    if (scc.length === 1 && !selfLoop) continue;
    // DFS inside the component from its alphabetically first file; each back edge u -> v
    // closes the cycle v -> ... -> u -> v.
    const sorted = [...scc].sort();
    const state = new Map(); // 1 = on the DFS path, 2 = done
    const backEdges = [];
    const visit = (root) => {
      const work = [[root, 0]];
      state.set(root, 1);
      while (work.length > 0) {
        const frame = work[work.length - 1];
        const [v, k] = frame;
        const succ = (adj.get(v) ?? []).filter((w) => members.has(w));
        if (k < succ.length) {
          frame[1]++;
          const w = succ[k];
          if (state.get(w) === 1) backEdges.push([v, w]);
          else if (!state.has(w)) {
            state.set(w, 1);
            work.push([w, 0]);
          }
        } else {
          state.set(v, 2);
          work.pop();
        }
      }
    };
    for (const v of sorted) if (!state.has(v)) visit(v);
    for (const [u, v] of backEdges) {
      const path = u === v ? [v] : shortestPath(v, u, adj, members);
      cycles.push({ path: [...path, v], component: sorted });
    }
  }
  return cycles;
}
