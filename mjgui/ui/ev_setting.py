"""The expected-value model the app's analysis runs (docs/ev.md): the full model with
or without calls, or the simple one of the published simulators, with their switches
and shares, kept in the app's settings (QSettings).

Stored as ``ev/model``, one ``ev/<switch>`` per switch and one ``ev/<share>`` per
share, every value read defensively (`stored_settings`): a hand-edited file gives the
default and a log note, never an error.  Shanten-back and tegawari belong to the
simple model; they stay stored while the full model runs, so switching back brings
them back."""
from __future__ import annotations

from dataclasses import dataclass, fields, replace

from PySide6.QtCore import QSettings

from mjgui.ev import APP_OPTIONS, EvOptions
from mjgui.ui.i18n import tr
from mjgui.ui.stored_settings import read_bool, read_choice, read_text

#: the model choices, in the settings dialog's order
MODELS = ("full_calls", "full", "simple")
#: the switches offered, in the dialog's order (EvOptions field names)
SWITCHES = ("ippatsu", "haitei", "ura", "double_riichi", "shanten_back", "tegawari")
SIMPLE_ONLY = ("shanten_back", "tegawari")
#: the full model's shares of live tiles (EvOptions field names)
SHARES = ("ron_dama", "ron_riichi", "call_share")


@dataclass(frozen=True)
class EvSetting:
    """What the player chose; `options` is what the search runs with."""
    model: str = "full_calls"
    ippatsu: bool = APP_OPTIONS.ippatsu
    haitei: bool = APP_OPTIONS.haitei
    ura: bool = APP_OPTIONS.ura
    double_riichi: bool = APP_OPTIONS.double_riichi
    shanten_back: bool = False
    tegawari: bool = False
    ron_dama: float = APP_OPTIONS.ron_dama
    ron_riichi: float = APP_OPTIONS.ron_riichi
    call_share: float = APP_OPTIONS.call_share

    def __post_init__(self) -> None:
        if self.model not in MODELS:
            raise ValueError(f"model must be one of {', '.join(MODELS)}, not {self.model!r}")
        self.options                  # noqa: B018 - EvOptions checks the switches and shares

    @property
    def options(self) -> EvOptions:
        simple = self.model == "simple"
        return EvOptions(model="simple" if simple else "full", calls=self.model == "full_calls",
                         ippatsu=self.ippatsu, haitei=self.haitei, ura=self.ura,
                         double_riichi=self.double_riichi,
                         shanten_back=simple and self.shanten_back, tegawari=simple and self.tegawari,
                         ron_dama=self.ron_dama, ron_riichi=self.ron_riichi, call_share=self.call_share)

    @property
    def is_default(self) -> bool:
        return self == EvSetting()


assert EvSetting().options == APP_OPTIONS, "the dialog's default is the model the app documents"
assert set(SWITCHES + SHARES) <= {f.name for f in fields(EvOptions)}


def _share(text: str) -> bool:
    try:
        value = float(text)
    except ValueError:
        return False
    return 0 <= value <= 1


def read_ev_setting(store: QSettings) -> EvSetting:
    default = EvSetting()
    changes: dict = {"model": read_choice(store, "ev/model", MODELS, default.model)}
    for name in SWITCHES:
        changes[name] = read_bool(store, f"ev/{name}", getattr(default, name))
    for name in SHARES:
        stored = read_text(store, f"ev/{name}", "", _share)
        changes[name] = float(stored) if stored else getattr(default, name)
    return replace(default, **changes)


def write_ev_setting(store: QSettings, setting: EvSetting) -> None:
    store.setValue("ev/model", setting.model)
    for name in SWITCHES:
        store.setValue(f"ev/{name}", "true" if getattr(setting, name) else "false")
    for name in SHARES:
        store.setValue(f"ev/{name}", repr(float(getattr(setting, name))))


def model_name(model: str) -> str:
    return {"full_calls": tr("Full, with calls", "完全（鳴きあり）"),
            "full": tr("Full, without calls", "完全（鳴きなし）"),
            "simple": tr("Simple (tsumo only)", "簡易（ツモのみ）")}[model]


def model_tip(model: str) -> str:
    return {"full_calls": tr("The real wall, ron, riichi or dama, furiten, and calls to tenpai (the default)",
                             "実際の山・ロン・立直かダマ・フリテン・聴牌への鳴き（既定）"),
            "full": tr("The full model without calls: a closed hand all the way",
                       "鳴きなしの完全モデル（門前のみ）"),
            "simple": tr("The one-player model of the published nanikiru simulators: tsumo only, riichi at "
                         "every tenpai; its numbers compare with theirs",
                         "公開の何切るシミュレーターと同じ一人用モデル: ツモのみ、聴牌即立直"),
            }[model]


def switch_text(switch: str) -> tuple[str, str]:
    """The label and the tooltip of a switch, in the current language."""
    return {
        "ippatsu": (tr("Ippatsu", "一発"), tr("A win on the first draw after riichi scores ippatsu",
                                               "立直直後の一巡目の和了に一発をつける")),
        "haitei": (tr("Haitei", "海底"), tr("A win on the last draw scores haitei", "最後のツモの和了に海底をつける")),
        "ura": (tr("Ura dora", "裏ドラ"), tr("A riichi win counts ura dora, averaged over the unseen tiles",
                                            "立直の和了に裏ドラ（見えていない牌での平均）をつける")),
        "double_riichi": (tr("Double riichi", "ダブル立直"),
                          tr("Tenpai with the first discard (turn 1) is a double riichi",
                             "1巡目の打牌で聴牌ならダブル立直")),
        "shanten_back": (tr("Shanten-back (向聴戻し)", "向聴戻し"),
                         tr("Simple model: a discard may go back one shanten to rebuild the hand "
                            "(slower: up to a second at 3-shanten)",
                            "簡易モデル: 向聴数を一つ戻す打牌も考える（3向聴では最大1秒ほど）")),
        "tegawari": (tr("Tegawari (手変わり)", "手変わり"),
                     tr("Simple model: a draw that keeps the shanten may still be kept for a better shape "
                        "(slower: up to a second at 3-shanten)",
                        "簡易モデル: 向聴数が変わらないツモでも形を良くする入れ替えを考える"
                        "（3向聴では最大1秒ほど）")),
    }[switch]


def share_text(share: str) -> tuple[str, str]:
    """The label and the tooltip of a share, in the current language."""
    return {
        "ron_dama": (tr("Ron share", "ロンの割合"),
                     tr("Full model: the share of its live tiles an opponent's discard can be "
                        "(how freely opponents discard)",
                        "完全モデル: 他家の捨て牌が生き牌である割合（他家がどれだけ自由に切るか）")),
        "ron_riichi": (tr("… against riichi", "…立直に対して"),
                       tr("Full model: the same after your riichi (opponents fold)",
                          "完全モデル: 自分の立直後の割合（他家は降りる）")),
        "call_share": (tr("Call share", "鳴きの割合"),
                       tr("Full model with calls: the share of its live tiles an opponent's discard can be, "
                          "for a pon or chi",
                          "鳴きありの完全モデル: ポン・チーに使える他家の捨て牌の割合")),
    }[share]


def explanation(o: EvOptions) -> str:
    """"Why these numbers?": the model behind the Win %, Tenpai % and Exp. pts columns,
    in the current language (docs/ev.md says it in full)."""
    full = o.model == "full"
    tail = tr("Set the turn with turn:N in the hand (the draw just made; default 1). Hands above "
              "3-shanten are not searched. The chart shows the chance to win and to be tenpai if the "
              "same hand stood at a later draw. The model is chosen in Settings.",
              "巡目は手牌に turn:N で指定（直前のツモ、既定は1）。4向聴以上は計算しません。"
              "グラフは同じ手が後の巡目だった場合の和了率と聴牌率です。モデルは設定で選べます。")
    if not full:
        play = tr("• a draw that lowers the shanten is kept with the best discard, any other is thrown back",
                  "・向聴数が下がるツモは最善の打牌で残し、それ以外はツモ切り")
        if o.tegawari:
            play += tr(" or kept for a better shape at the same shanten (tegawari)",
                       "（手変わり: 同じ向聴数で形を良くする入れ替えもする）")
        if o.shanten_back:
            play += tr("; a discard may also go back one shanten (shanten-back)",
                       "。向聴数を一つ戻す打牌もする（向聴戻し）")
        return tr(
            "Win %, Tenpai % and Exp. pts come from the simple model of the published nanikiru "
            "simulators (docs/ev.md), so they compare with theirs:\n\n"
            "• only you play: no opponents, no ron, no calls; wins are tsumo only;\n"
            "• the wall holds four copies of each tile less those in your hand and the dora "
            "indicators (a tile you discard can be drawn again); you draw to the 17th draw;\n",
            "和了率・聴牌率・期待値は、公開の何切るシミュレーターと同じ簡易モデルによる数字です"
            "（docs/ev.md）。\n\n"
            "・自分だけが打つ: 他家・ロン・鳴きはなく、和了はツモのみ\n"
            "・山は各牌4枚から手牌とドラ表示牌を除いたもの（捨てた牌もまた引ける）。ツモは17回目まで\n") \
            + play + tr(";\n", "\n") + tr(
            "• at tenpai a closed hand declares riichi at once (one han; ippatsu, haitei and ura dora "
            "as set in Settings; the hand is frozen), an open hand waits and needs a yaku; each number is "
            "maximised on its own.\n\n",
            "・聴牌したら門前は即立直（1翻。一発・海底・裏ドラは設定のとおり。手は固定）、副露手は役が必要。"
            "三つの数字はそれぞれ別に最大化\n\n") + tail
    calls = (tr("• at 1-shanten you pon any opponent's discard or chi the left player's when that makes you "
                "tenpai with a yaku and is worth more, at 2-shanten pon a dragon or a value wind (then one "
                "more call to tenpai; the open hand waits dama); the shares are set in Settings;\n",
                "・1向聴では、役のある聴牌になり値が上がるならポン（全員の捨て牌）・チー（上家の捨て牌）をする。"
                "2向聴では役牌のポン（その後もう1回まで。聴牌したらダマで待つ）。割合は設定で変えられる\n")
             if o.calls else tr("• no calls: the hand stays closed;\n", "・鳴きはしない（門前のまま）\n"))
    return tr(
        "Win %, Tenpai % and Exp. pts come from a model of the round (docs/ev.md):\n\n"
        "• the wall holds the tiles you have not seen: your hand, the dora indicators, visible: "
        "tiles and your discards: are gone; you draw to the 17th or 18th draw by seat, each kan "
        "(an indicator more) ending the wall a draw sooner;\n"
        "• a draw that lowers the shanten is kept with the best discard, any other is thrown back;\n"
        "• between your draws each opponent discards one unseen tile (fewer of your waits against "
        "riichi), which you can ron unless a wait is among your discards (furiten);\n"
        "• at tenpai a closed hand declares riichi (one han, ippatsu, ura dora averaged, frozen hand) "
        "or waits dama (needs a yaku), whichever gives more (no riichi at your last draw: fewer "
        "than four tiles are left); hover a tenpai row for both;\n",
        "和了率・聴牌率・期待値は、局を単純化したモデルによる数字です（docs/ev.md）。\n\n"
        "・山は見えていない牌: 手牌・ドラ表示牌・visible: の牌・自分の捨て牌（discards:）は山になし。"
        "ツモは席により17回か18回まで（カンがあればドラ表示牌1枚ごとに山が1枚短くなる）\n"
        "・向聴数が下がるツモは最善の打牌で残し、それ以外はツモ切り\n"
        "・自分のツモの間に他家は見えない牌を1枚ずつ切る（立直には待ち牌を切りにくい）。"
        "待ちが自分の捨て牌にあればフリテンでロンできない\n"
        "・聴牌したら門前は立直（1翻・一発・裏ドラ平均、手は固定）かダマ（役が必要）の良い方"
        "（最後のツモでは山が4枚未満のため立直できない）。聴牌打牌の行にカーソルを置くと両方を表示\n") \
        + calls + tr("• no other player wins, no deal-in; each number is maximised on its own.\n\n",
                     "・他家の和了・放銃はなし。三つの数字はそれぞれ別に最大化\n\n") + tail
