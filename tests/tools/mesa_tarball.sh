# Sourced by ir3_mesa_oracle.sh and addrlib_oracle.sh, which set dir (the oracle directory), ver
# and sha (Debian's Mesa source version and the SHA-256 its .dsc lists) and define die().
# mesa_tarball: downloads http://deb.debian.org/debian/pool/main/m/mesa/mesa_$ver.orig.tar.gz into
# $dir once, checks its SHA-256 and sets tgz to its path.
mesa_tarball() {
  mkdir -p "$dir"
  tgz=$dir/mesa_$ver.orig.tar.gz
  if [ ! -f "$tgz" ]; then
    echo "download http://deb.debian.org/debian/pool/main/m/mesa/mesa_$ver.orig.tar.gz"
    curl -sSfL -o "$tgz.part" "http://deb.debian.org/debian/pool/main/m/mesa/mesa_$ver.orig.tar.gz" ||
      die "download failed"
    mv "$tgz.part" "$tgz"
  fi
  got=$(sha256sum "$tgz" | cut -d' ' -f1)
  echo "sha256 $got"
  [ "$got" = "$sha" ] || die "$tgz: SHA-256 $got, expected $sha"
}
