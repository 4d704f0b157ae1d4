"""Defence: what a defender sees of the other seats, the threats they pose, the danger of each
tile and the push-or-fold value of each discard (docs/defence.md)."""
