l = ["ok"]
