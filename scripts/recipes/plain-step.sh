#!/bin/sh
# A plain shell step: lint and say what the exit status means.
rulescheck lint --strict storage.rules
case $? in
  0) echo "storage rules: clean" ;;
  1) echo "storage rules: problems found (see above)"; exit 1 ;;
  *) echo "storage rules: could not lint (see the error above)"; exit 2 ;;
esac
