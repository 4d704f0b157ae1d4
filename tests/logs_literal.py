"""One short round written by hand in each log format (the same game three times): seat 0
deals, seat 1 is dealt tenpai (234567m234p55s67s, waiting on 5s-8s), declares riichi with a
tsumogiri 9m on its first discard (a double riichi: no call came before), seat 2 pons it, and
seat 1 wins by ron on seat 0's 8s: double riichi 2, pinfu 1, tanyao 1 = 4 han 30 fu, 7,700
points for a non-dealer's ron (plus its riichi stick back: +8,700)."""

MJLOG = """<mjloggm ver="2.3"><SHUFFLE seed="mt19937ar-sha512-n288-base64,x" ref=""/>
<GO type="169" lobby="0"/>
<UN n0="%41%6E%6E" n1="%E3%81%82" n2="C" n3="D" dan="0,0,0,0" rate="1500.00,1500.00,1500.00,1500.00" sx="M,M,M,M"/>
<TAIKYOKU oya="0"/>
<INIT seed="0,0,0,2,3,109" ten="250,250,250,250" oya="0" hai0="0,1,12,24,40,53,64,80,92,104,108,116,117" hai1="4,8,13,17,20,25,41,44,48,89,90,93,96" hai2="32,33,36,37,56,60,68,72,76,84,112,113,124" hai3="9,28,29,45,49,57,61,77,85,100,120,128,132"/>
<T125/><D108/><U34/><REACH who="1" step="1"/><E34/><REACH who="1" ten="250,240,250,250" step="2"/>
<N who="2" m="13419" /><F124/><W73/><G73/><T101/><D101/>
<AGARI ba="0,1" hai="4,8,13,17,20,25,41,44,48,89,90,93,96,101" machi="101" ten="30,7700,0" yaku="21,2,7,1,8,1" doraHai="109" doraHaiUra="121" who="1" fromWho="0" sc="250,-77,240,87,250,0,250,0" owari="173,-42.7,327,52.7,250,5.0,250,-15.0" />
</mjloggm>
"""

TENHOU6 = """{"title":["literal",""],"name":["Ann","あ","C","D"],"rule":{"disp":"四般東喰赤","aka":1},
"log":[[[0,0,0],[25000,25000,25000,25000],[41],[44],
[11,11,14,17,22,25,28,33,36,39,41,43,43],[45,38],[41,60],
[12,13,14,15,16,17,22,23,24,35,35,36,37],[19],["r60"],
[19,19,21,21,26,27,29,31,32,34,42,42,45],["p191919"],[45],
[13,18,18,23,24,26,27,32,34,38,44,46,47],[31],[60],
["和了",[-7700,8700,0,0],[1,0,1,"30符4飜7700点","両立直(2飜)","平和(1飜)","断幺九(1飜)"]]]]}
"""

MJAI = """{"type":"start_game","names":["Ann","あ","C","D"]}
{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"E","scores":[25000,25000,25000,25000],"tehais":[["1m","1m","4m","7m","2p","5p","8p","3s","6s","9s","E","W","W"],["2m","3m","4m","5m","6m","7m","2p","3p","4p","5s","5s","6s","7s"],["9m","9m","1p","1p","6p","7p","9p","1s","2s","4s","S","S","P"],["3m","8m","8m","3p","4p","6p","7p","2s","4s","8s","N","F","C"]]}
{"type":"tsumo","actor":0,"pai":"P"}
{"type":"dahai","actor":0,"pai":"E","tsumogiri":false}
{"type":"tsumo","actor":1,"pai":"9m"}
{"type":"reach","actor":1}
{"type":"dahai","actor":1,"pai":"9m","tsumogiri":true}
{"type":"reach_accepted","actor":1,"deltas":[0,-1000,0,0],"scores":[25000,24000,25000,25000]}
{"type":"pon","actor":2,"target":1,"pai":"9m","consumed":["9m","9m"]}
{"type":"dahai","actor":2,"pai":"P","tsumogiri":false}
{"type":"tsumo","actor":3,"pai":"1s"}
{"type":"dahai","actor":3,"pai":"1s","tsumogiri":true}
{"type":"tsumo","actor":0,"pai":"8s"}
{"type":"dahai","actor":0,"pai":"8s","tsumogiri":true}
{"type":"hora","actor":1,"target":0,"pai":"8s","uradora_markers":["N"],"hora_tehais":["2m","3m","4m","5m","6m","7m","2p","3p","4p","5s","5s","6s","7s"],"yakus":[["double_reach",2],["pinfu",1],["tanyaochu",1]],"fu":30,"fan":4,"hora_points":7700,"deltas":[-7700,8700,0,0],"scores":[17300,32700,25000,25000]}
{"type":"end_kyoku"}
{"type":"end_game"}
"""
