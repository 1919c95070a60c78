v_var_file = "var_file"
v_var = "var_file"
