"""Game logs: tenhou mjlog XML, tenhou.net/6 JSON and mjai JSON lines read into one record
(`mjgui.logs.record`), replayed for a player (`replay`) and rated (`rate`).  See docs/logs.md."""
from mjgui.logs.load import load, loads
from mjgui.logs.record import GameRecord, LogError
from mjgui.logs.replay import Replay, replay

__all__ = ["load", "loads", "GameRecord", "LogError", "Replay", "replay"]
