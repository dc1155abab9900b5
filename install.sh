#!/bin/sh
# Installs the apispec binary from a release, without sudo.
#
#   curl -fsSL <releases URL>/latest/download/install.sh | sh
#   sh install.sh [--version=<tag>] [--prefix=<dir>]
#
# --version=<tag>  release to install, e.g. v0.2.0 (default: the latest release)
# --prefix=<dir>   installs <dir>/bin/apispec (default: ~/.local)
#
# Where releases live: APISPEC_INSTALL_URL, else the URL stamped below by
# `deno task compile` from APISPEC_RELEASE_URL (the copy attached to a release
# has it; the copy in a source checkout has none). The archive is read from
# <url>/download/<tag>/<archive>, or <url>/latest/download/<archive>.
# The archive's SHA-256 must match the release's SHA256SUMS, or nothing is
# installed. Re-run the installer to upgrade.
set -eu

default_url='' # stamped by scripts/compile.ts from APISPEC_RELEASE_URL
base_url=${APISPEC_INSTALL_URL:-$default_url}
base_url=${base_url%/}
version=latest
prefix=${HOME:-}/.local

say() { printf '%s\n' "$*"; }
fail() {
  printf 'apispec install: %s\n' "$1" >&2
  [ -n "${2:-}" ] && printf '  fix: %s\n' "$2" >&2
  exit 1
}

usage() {
  cat <<'USAGE'
Usage: sh install.sh [--version=<tag>] [--prefix=<dir>]

  --version=<tag>  release to install, e.g. v0.2.0 (default: the latest release)
  --prefix=<dir>   installs <dir>/bin/apispec (default: ~/.local)

APISPEC_INSTALL_URL sets where releases are fetched from: the URL whose
<url>/download/<tag>/ and <url>/latest/download/ serve the archives (default:
the URL stamped into this copy when the release was built, if any).
USAGE
}

while [ $# -gt 0 ]; do
  case $1 in
    --version=*) version=${1#--version=} ;;
    --version) [ $# -ge 2 ] || fail "--version needs a tag" "Write --version=v0.2.0"; version=$2; shift ;;
    --prefix=*) prefix=${1#--prefix=} ;;
    --prefix) [ $# -ge 2 ] || fail "--prefix needs a folder" "Write --prefix=~/.local"; prefix=$2; shift ;;
    -h | --help) usage; exit 0 ;;
    *) fail "unknown option $1" "Run sh install.sh --help" ;;
  esac
  shift
done
[ -n "$prefix" ] || fail "no install prefix: HOME is not set" "Pass --prefix=<dir>"
[ -n "$base_url" ] || fail "this copy of install.sh names no release URL" \
  "Set APISPEC_INSTALL_URL to the releases URL (e.g. https://github.com/<owner>/apispec/releases), use the install.sh attached to a release, or install from a checkout: deno run -A scripts/install.ts (README: Install and upgrade)"
case $version in
  latest) ;;
  [0-9]*) version=v$version ;;
esac

# The release target for this machine, as the archives name it.
detect_target() {
  os=$(uname -s)
  arch=$(uname -m)
  case $arch in
    x86_64 | amd64) arch=x86_64 ;;
    aarch64 | arm64) arch=aarch64 ;;
    *) fail "no release for the $arch architecture" "Build from source: deno task compile" ;;
  esac
  case $os in
    Linux) echo "$arch-unknown-linux-gnu" ;;
    Darwin)
      # An x86_64 shell under Rosetta still runs on Apple silicon.
      if [ "$arch" = x86_64 ] && [ "$(sysctl -n sysctl.proc_translated 2>/dev/null || echo 0)" = 1 ]; then
        arch=aarch64
      fi
      echo "$arch-apple-darwin"
      ;;
    MINGW* | MSYS* | CYGWIN*)
      fail "this installer is for Linux and macOS" \
        "Download apispec-x86_64-pc-windows-msvc.zip from $base_url and put apispec.exe on your PATH"
      ;;
    *) fail "no release for $os" "Build from source: deno task compile" ;;
  esac
}

download() {
  if command -v curl >/dev/null 2>&1; then
    curl --fail --silent --show-error --location --output "$2" "$1"
  elif command -v wget >/dev/null 2>&1; then
    wget --quiet --output-document="$2" "$1"
  else
    fail "neither curl nor wget is installed" "Install one of them and run the installer again"
  fi
}

sha256_of() {
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$1" | cut -d ' ' -f 1
  elif command -v shasum >/dev/null 2>&1; then
    shasum -a 256 "$1" | cut -d ' ' -f 1
  else
    fail "neither sha256sum nor shasum is installed" "Install coreutils (sha256sum) or perl (shasum)"
  fi
}

target=$(detect_target)
archive=apispec-$target.tar.gz
if [ "$version" = latest ]; then
  release_url=$base_url/latest/download
else
  release_url=$base_url/download/$version
fi

tmp=$(mktemp -d 2>/dev/null || mktemp -d -t apispec)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

say "Downloading apispec ($version) for $target"
download "$release_url/$archive" "$tmp/$archive" ||
  fail "could not download $release_url/$archive" "Check the version tag and your network"
download "$release_url/SHA256SUMS" "$tmp/SHA256SUMS" ||
  fail "could not download $release_url/SHA256SUMS" "Check the version tag and your network"

expected=$(awk -v name="$archive" '$2 == name || $2 == "*" name { print $1; exit }' "$tmp/SHA256SUMS")
[ -n "$expected" ] || fail "SHA256SUMS has no line for $archive; nothing was installed" \
  "Report this release as broken"
actual=$(sha256_of "$tmp/$archive")
if [ "$actual" != "$expected" ]; then
  fail "checksum mismatch for $archive (expected $expected, got $actual); nothing was installed" \
    "Run the installer again; if it repeats, the download is being altered"
fi

mkdir -p "$tmp/unpacked"
tar -xzf "$tmp/$archive" -C "$tmp/unpacked" || fail "could not unpack $archive" "Run the installer again"
[ -f "$tmp/unpacked/apispec" ] || fail "$archive holds no apispec binary" "Report this release as broken"

# Copy next to the target, then rename: an upgrade never leaves a half-written binary.
bin_dir=$prefix/bin
mkdir -p "$bin_dir" || fail "cannot create $bin_dir" "Pass a writable --prefix"
cp "$tmp/unpacked/apispec" "$bin_dir/.apispec.$$" || fail "cannot write to $bin_dir" "Pass a writable --prefix"
chmod 755 "$bin_dir/.apispec.$$"
mv -f "$bin_dir/.apispec.$$" "$bin_dir/apispec"

installed=$("$bin_dir/apispec" version 2>/dev/null || echo "apispec ($version)")
say "Installed $installed to $bin_dir/apispec"
case :${PATH:-}: in
  *:"$bin_dir":*) ;;
  *)
    say ""
    say "$bin_dir is not on your PATH. Add it, e.g. in ~/.profile (or ~/.zshrc):"
    say "  export PATH=\"$bin_dir:\$PATH\""
    say "fish: fish_add_path $bin_dir"
    ;;
esac
say "Next: apispec init, then apispec skills install and apispec install mcp for your coding agent"
