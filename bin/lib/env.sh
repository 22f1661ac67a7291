# Sourced by bin/start and bin/test: puts Node 24 on PATH (provisioning it into
# .tools/ from npm's `node` package when the system Node is older), installs the
# dependencies when package-lock.json changed, and builds when the build is stale.
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"

say() { printf '\033[1m==>\033[0m %s\n' "$*" >&2; }

# Node trusts its own list of certificate authorities, not the system's: on a machine whose
# traffic to the npm registry passes a proxy with its own authority (installed in the system's
# bundle), npm from .tools/ would refuse the registry. Add the system's bundle to Node's list.
if [ -z "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f /etc/ssl/certs/ca-certificates.crt ]; then
  export NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
fi

node_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

ensure_node() {
  local tools_node="$ROOT/.tools/node_modules/.bin/node"
  if [ -x "$tools_node" ] && [ "$(node_major "$tools_node")" -ge 24 ]; then
    export PATH="$ROOT/.tools/node_modules/.bin:$PATH"
  elif command -v node >/dev/null && [ "$(node_major node)" -ge 24 ]; then
    :
  else
    command -v npm >/dev/null || { echo "Node.js >= 20 with npm is needed to provision Node 24." >&2; exit 1; }
    say "Provisioning Node 24 into .tools/ (system Node is $(node -v 2>/dev/null || echo missing))"
    mkdir -p "$ROOT/.tools"
    npm install --prefix "$ROOT/.tools" --no-audit --no-fund --loglevel=error node@24 >&2
    export PATH="$ROOT/.tools/node_modules/.bin:$PATH"
  fi
}

ensure_deps() {
  local stamp="$ROOT/node_modules/.proofline-lock"
  local want; want=$(sha1sum package-lock.json | cut -d' ' -f1)
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    say "Installing dependencies (npm ci)"
    npm ci --no-audit --no-fund --loglevel=error >&2
    echo "$want" > "$stamp"
  fi
}

# The build is stale when any input changed since it was made.
build_inputs_hash() {
  find app server common public content/media content/companies.json vite.config.ts react-router.config.ts tsconfig.json package-lock.json \
    -type f -not -name '*.test.*' -print0 | sort -z | xargs -0 sha1sum | sha1sum | cut -d' ' -f1
}

ensure_build() {
  local stamp="$ROOT/build/.inputs"
  local want; want=$(build_inputs_hash)
  if [ ! -f build/server/index.js ] || [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    say "Building"
    npx react-router build >&2
    echo "$want" > "$stamp"
  fi
}

# The HTTP Observatory scanner, for the hardening test. Kept out of the project's
# dependencies (it brings a database driver and ~230 packages the site never loads);
# installed without install scripts, which it needs only for its own database and
# for data it would download. The HSTS preload list is given as empty: this site is not on it.
OBSERVATORY_VERSION=1.4.8
ensure_observatory() {
  local dir="$ROOT/.tools/observatory"
  local pkg="$dir/node_modules/@mdn/mdn-http-observatory"
  if [ ! -f "$pkg/package.json" ] || [ "$(node -p "require('$pkg/package.json').version")" != "$OBSERVATORY_VERSION" ]; then
    say "Installing the HTTP Observatory scanner into .tools/observatory"
    mkdir -p "$dir"
    npm install --prefix "$dir" --ignore-scripts --no-audit --no-fund --loglevel=error -E "@mdn/mdn-http-observatory@$OBSERVATORY_VERSION" >&2
  fi
  [ -f "$pkg/conf/hsts-preload.json" ] || echo '{}' > "$pkg/conf/hsts-preload.json"
}
