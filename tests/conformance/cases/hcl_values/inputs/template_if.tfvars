s = "%{if 1 > 0}pos%{else}neg%{endif}"
