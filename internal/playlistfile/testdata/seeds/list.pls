[playlist]
File1=a.mp3
Title1=A - B
Length1=61
NumberOfEntries=1
